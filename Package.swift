// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "dayplan",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "DayPlan", targets: ["DayPlan"]),
        .executable(name: "dayplan", targets: ["dayplan"]),
    ],
    targets: [
        // The format, the rules and rollover, on values: no I/O, no printing, no Foundation. README.md is its map.
        .target(name: "DayPlan", exclude: ["README.md"]),
        // The command: arguments, files, output and exit codes. Its folder is DayPlanCLI, not dayplan, so that no
        // two paths differ only in case (a default macOS volume would put both targets in one folder).
        .executableTarget(name: "dayplan", dependencies: ["DayPlan"], path: "Sources/DayPlanCLI"),
        .testTarget(name: "DayPlanTests", dependencies: ["DayPlan"], exclude: ["Format/Golden", "Corpus/Cases", "Planning/Golden", "View/Golden"]),
        // Depends on the executable so that `swift test` builds the binary these tests run, and on the
        // library to read the files that binary writes.
        .testTarget(name: "CommandTests", dependencies: ["dayplan", "DayPlan"], exclude: ["Completions/capture.zsh", "Editors/plugin-test.vim", "Editors/lsp-attach-test.vim", "Editors/language-server-double.py", "Status/Golden", "Remind/Golden", "Report/Golden", "Report/Fixtures", "Export/Golden", "Export/validate-ics.py", "Sync/phone.py", "Sync/model.py", "Sync/slowproxy.py", "Sync/fakedav.py", "RealNotes/Vault",
                                 "Editors/kakoune-lint.sh", "Editors/eglot-test.el", "Editors/lsp-client-test.vim", "Resolve/syncthing-conflict.sh"]),
    ],
    swiftLanguageModes: [.v6]
)
