// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "dayplan",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        // The core: what an app needs to read, check, edit and roll a plan.
        .library(name: "DayPlan", targets: ["DayPlan"]),
        // The parts on the core, each a library of its own; linking one brings the core (and JSON) with it.
        .library(name: "DayPlanArchive", targets: ["DayPlanArchive"]),
        .library(name: "DayPlanExport", targets: ["DayPlanExport"]),
        .library(name: "DayPlanICalendar", targets: ["DayPlanICalendar"]),
        .library(name: "DayPlanSync", targets: ["DayPlanSync"]),
        .library(name: "DayPlanView", targets: ["DayPlanView"]),
        .library(name: "DayPlanFlow", targets: ["DayPlanFlow"]),
        .executable(name: "dayplan", targets: ["dayplan"]),
    ],
    targets: [
        // The layers, each on values (no I/O, no printing, no Foundation), each folder's README.md saying what it
        // holds and may use. The core: the format, the rules, edits, rollover and merge; it depends on nothing.
        // Sources/DayPlan/README.md is the map of them all.
        .target(name: "DayPlan", exclude: ["README.md"]),
        // A small JSON value, its strict reader and its writers: plumbing for the package (nothing public).
        .target(name: "DayPlanJSON", dependencies: ["DayPlan"], exclude: ["README.md"]),
        // The archive: many days read for query and report.
        .target(name: "DayPlanArchive", dependencies: ["DayPlan"], exclude: ["README.md"]),
        // Days as data: JSON export and import.
        .target(name: "DayPlanExport", dependencies: ["DayPlan", "DayPlanJSON"], exclude: ["README.md"]),
        // Calendars: iCalendar events read, to-dos written (from day records), the fields sync shares.
        .target(name: "DayPlanICalendar", dependencies: ["DayPlan", "DayPlanExport"], exclude: ["README.md"]),
        // CalDAV sync on values: the server's answers read, a sync worked out, its edits made.
        .target(name: "DayPlanSync", dependencies: ["DayPlan", "DayPlanJSON", "DayPlanExport", "DayPlanICalendar"], exclude: ["README.md"]),
        // dayplan view's model, screen and terminal bytes, on values: the day as the apps show it.
        .target(name: "DayPlanView", dependencies: ["DayPlan", "DayPlanFlow"], exclude: ["README.md"]),
        // The day's flow: capture in plain words, time blocks and the week.
        .target(name: "DayPlanFlow", dependencies: ["DayPlan"], exclude: ["README.md"]),
        // The command: arguments, files, output and exit codes. Its folder is DayPlanCLI, not dayplan, so that no
        // two paths differ only in case (a default macOS volume would put both targets in one folder).
        .executableTarget(name: "dayplan", dependencies: ["DayPlan", "DayPlanJSON", "DayPlanArchive", "DayPlanICalendar", "DayPlanExport", "DayPlanSync", "DayPlanView", "DayPlanFlow"], path: "Sources/DayPlanCLI"),
        .testTarget(name: "DayPlanTests", dependencies: ["DayPlan", "DayPlanJSON", "DayPlanArchive", "DayPlanICalendar", "DayPlanExport", "DayPlanSync", "DayPlanView", "DayPlanFlow"], exclude: ["Format/Golden", "Corpus/Cases", "Planning/Golden", "View/Golden"]),
        // Depends on the executable so that `swift test` builds the binary these tests run, and on the
        // library to read the files that binary writes.
        .testTarget(name: "CommandTests", dependencies: ["dayplan", "DayPlan", "DayPlanJSON", "DayPlanArchive", "DayPlanICalendar", "DayPlanExport", "DayPlanSync", "DayPlanView", "DayPlanFlow"], exclude: ["Completions/capture.zsh", "Editors/plugin-test.vim", "Editors/lsp-attach-test.vim", "Editors/language-server-double.py", "Status/Golden", "Remind/Golden", "Report/Golden", "Report/Fixtures", "Export/Golden", "Export/validate-ics.py", "Sync/phone.py", "Sync/model.py", "Sync/slowproxy.py", "Sync/fakedav.py", "RealNotes/Vault", "Interop/Vault", "Interop/Golden",
                                 "Editors/kakoune-lint.sh", "Editors/eglot-test.el", "Editors/lsp-client-test.vim", "Editors/code-action-test.vim", "Editors/features-test.lua", "Editors/features-test.vim", "Editors/features-yegappan.vim", "Editors/features-ale.vim", "Resolve/syncthing-conflict.sh"]),
    ],
    swiftLanguageModes: [.v6]
)
