#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import DayPlan

/// `dayplan init`: makes a folder a plan folder.
enum InitCommand {
    /// The word that runs it: `dayplan init`.
    static let name = "init"
    /// What it takes, for its help, argument parsing, completions and the man page.
    static let spec = CommandSpec(
        name: name,
        summary: "Make a folder a plan folder: settings, a template for new days, the lock git-ignored",
        arguments: Value(placeholder: "DIR", kind: .folder),
        about: """
            Makes DIR (default: the current folder; made if missing) a plan folder, which every command
            then finds from DIR and the folders below it. It writes DIR/.dayplan/config, the settings
            (layout, day-starts-at, template; each explained in the file), DIR/.dayplan/template.md, the
            text each new day starts from, and adds .dayplan.lock, the lock rollover and fmt --write
            take, to DIR/.gitignore (appended to, never replaced). In a git repository it also has git
            merge day files task by task with dayplan merge: a line in DIR/.gitattributes and
            merge.dayplan.driver in the repository's config (each only when missing).

            The layout is --layout, else that of the newest day file already in DIR, else YYYY-MM-DD.md.
            A file that exists already is kept as it is, so running init again changes nothing; a
            --layout that differs from the existing settings is an error (edit the file instead).
            """,
        options: [
            .option("--layout", "PATTERN", .text,
                    "Where each day's file goes, such as YYYY/MM/YYYY-MM-DD.md (YYYY, MM, DD, ddd; the file name is always YYYY-MM-DD.md)."),
            .quiet,
        ],
        exitCodes: [(0, "the folder is a plan folder (made now or already)"),
                     (2, "usage or I/O error, a bad existing settings file, or a DIR inside another plan folder")])

    /// What init did with one file.
    enum Step {
        case created, kept, appended
    }

    static func run(_ arguments: Arguments) -> ExitCode {
        var out = Output.standard
        var err = Output.error
        defer { out.flush(); err.flush() }
        func fail(_ message: String) -> ExitCode {
            err.line("dayplan init: \(message)")
            return .failure
        }

        guard arguments.positionals.count <= 1 else { return fail("takes one folder; got \(arguments.positionals.count)") }
        let quiet = arguments.flags.contains("--quiet")
        var layout: Layout?
        if let pattern = arguments.options["--layout"] {
            do {
                layout = try Layout(pattern)
            } catch {
                return fail("--layout: \(error.message)")
            }
        }
        let folder = arguments.positionals.first ?? "."

        // 1. The folder, made if it is missing; never a folder inside another plan folder, whose commands
        // would then find the inner one.
        switch FileSystem.kind(of: folder) {
        case .directory: break
        case .missing:
            do {
                _ = try PlanFolder.makeFolders(folder)
            } catch {
                return fail(error.message)
            }
        case .file, .other: return fail("\(folder): not a folder")
        }
        let planFolder: PlanFolder
        do {
            planFolder = try PlanFolder.find(from: folder)
        } catch {
            return fail("\(error.message); nothing changed")
        }
        let absolute = FileSystem.resolvedPath(folder)
        if planFolder.isInitialized, planFolder.absolutePath != absolute {
            return fail("\(absolute) is inside the plan folder \(planFolder.absolutePath) already; nothing changed. "
                        + "Its commands work in all its folders; to make this one separate, move it out first")
        }

        // 2. The settings. Existing ones are kept; a --layout they contradict is an error, not an overwrite.
        let configPath = FileSystem.join(folder, PlanFolder.settingsFile)
        let templatePath = FileSystem.join(folder, PlanFolder.settingsFolder + "/template.md")
        let ignorePath = FileSystem.join(folder, ".gitignore")
        if planFolder.isInitialized, FileSystem.kind(of: configPath) != .missing {
            if let layout, planFolder.settings.layout != layout {
                return fail("\(configPath): layout: is \(planFolder.settings.layout?.pattern ?? "not set"), not \(layout.pattern); "
                            + "init never overwrites settings, so edit the file to change it; nothing changed")
            }
        }
        if layout == nil {
            do {
                let files = try planFolder.dayFiles()
                layout = planFolder.settings.layout ?? planFolder.layout(given: files)
            } catch {
                return fail("\(error.message); nothing changed")
            }
        }

        // 3. A folder that holds notes already (a vault) is adopted from today: its older notes and any Markdown that
        // is no day file are left alone by lint, the hook and the language server, instead of a flood of findings.
        var adopted: (day: Day, notes: Int)?
        if FileSystem.kind(of: configPath) == .missing {
            let notes = (try? FileSystem.files(in: folder, named: { $0.hasSuffix(".md") }).count) ?? 0
            if notes > 0, let today = Clock.today() { adopted = (today, notes) }
        }

        // 4. Write what is missing: the folder of settings, the template, the settings, the .gitignore entry.
        var steps: [(Step, String, String)] = []
        var driver: (changed: Bool, lines: [String]) = (false, [])
        do {
            let settingsFolder = FileSystem.join(folder, PlanFolder.settingsFolder)
            _ = try PlanFolder.makeFolders(settingsFolder)
            steps.append((try writeIfMissing(templatePath, template), templatePath, "the text each new day starts from"))
            steps.append((try writeIfMissing(configPath, settings(layout: layout ?? .flat, adopted: adopted?.day)), configPath,
                          "the settings (layout \((layout ?? .flat).pattern), day-starts-at 0, template .dayplan/template.md"
                          + (adopted.map { "; adopted \($0.day): the \($0.notes) note\($0.notes == 1 ? "" : "s") already here, "
                                         + "and any Markdown that is no day file, are left alone" } ?? "") + ")"))
            steps.append((try ignoreLock(in: ignorePath), ignorePath, "so that git leaves the lock file alone"))
            driver = try MergeCommand.setUpDriver(in: folder)
        } catch {
            return fail(error.message)
        }

        // 5. What was done, and what to do next.
        guard !quiet else { return .success }
        let changed = steps.contains { $0.0 != .kept } || driver.changed
        out.line(changed ? "Made \(absolute) a plan folder:" : "\(absolute) is a plan folder already; nothing changed:")
        for (step, path, what) in steps {
            switch step {
            case .created: out.line("  created \(path): \(what)")
            case .kept: out.line("  kept \(path) as it is")
            case .appended: out.line("  added /\(PlanFolder.lockFile) to \(path), \(what)")
            }
        }
        for line in driver.lines { out.line("  " + line) }
        if changed {
            let rollover = "dayplan rollover" + (folder == "." ? "" : " --dir \(folder)")
            let lint = "dayplan lint" + (folder == "." ? "" : " \(folder)")
            let width = max(rollover.count, lint.count) + 2
            out.line("Next:")
            out.line("  edit \(templatePath) to give new days your own front matter, sections and headings")
            out.line("  " + rollover.padding(width) + "open today's plan (each morning from cron or a timer: DAYPLAN_DIR=\(absolute))")
            out.line("  " + lint.padding(width) + "check the day files")
        }
        return .success
    }

    // MARK: - The files

    /// The template `init` writes: a blank day, as rollover makes one without a template.
    static let template = """
        # {{date}}

        ## Morning

        ## Afternoon

        ## Evening

        ## Backlog

        """

    /// The settings file `init` writes, each key explained.
    static func settings(layout: Layout, adopted: Day? = nil) -> String {
        let adoption = adopted.map { "adopted = \($0)" } ?? "adopted =            # empty: every day file is the plan's"
        return """
        # dayplan settings for this plan folder. One `key = value` a line; `#` starts a comment.
        # Every dayplan command run in this folder, or in a folder below it, reads this file.

        # Where each day's file goes, inside this folder. YYYY, MM and DD stand for the day's year, month
        # and day, ddd for its weekday (Mon); the file name is always YYYY-MM-DD.md. For example:
        # YYYY-MM-DD.md, YYYY/MM/YYYY-MM-DD.md, YYYY/YYYY-MM-DD.md, daily/YYYY-MM-DD.md.
        layout = \(layout.pattern)

        # The hour (0-23) a day starts: before it, rollover still opens yesterday (for work past midnight).
        # --day-starts-at and DAYPLAN_DAY_STARTS_AT override it.
        day-starts-at = 0

        # The file each new day starts from, inside this folder; empty for a blank day. In it, {{date}},
        # {{weekday}}, {{yesterday}} and {{tomorrow}} are filled in; its region headings get the tasks.
        template = .dayplan/template.md

        # The day dayplan began in a folder of older notes (init sets it there): lint, the git hook and the
        # language server check only day files of that day or later, and leave other Markdown alone.
        \(adoption)

        # From how many days after it was first planned (its @from: day) an open Backlog task is carried for
        # long: lint says so (DP052, information), status lists it, and dayplan review offers the choices.
        carried-warning-days = 7

        # yes: marking a task done (dayplan mark done, or from the editor) writes @done: and the day on it.
        done-date = no

        # The hours of Morning, Afternoon and Evening, HH:MM-HH:MM: in order, not overlapping.
        morning = 06:00-12:00
        afternoon = 12:00-18:00
        evening = 18:00-23:00

        # Calendars whose events dayplan events shows, comma-separated: .ics files and vdir folders (one .ics
        # per event, as vdirsyncer keeps them), inside this folder, absolute, or from ~/. See docs/calendar.md.
        calendars =          # empty: none

        # The command dayplan remind runs for each reminder, with the reminder's title and details added as its
        # last two arguments: run directly, not through a shell. Empty for none (the reminder is only printed).
        # See docs/remind.md.
        remind-command = notify-send

        # dayplan sync: the CalDAV task list on your phone (see docs/sync.md). Its URL, the user, where the
        # password comes from (an environment variable, or a command such as pass show caldav; never the
        # password itself), and a certificate file for a server with its own certificate.
        sync-url =           # empty: no sync
        sync-user =          # empty: no login
        sync-password-env =  # the name of an environment variable, such as CALDAV_PASSWORD
        sync-password-command =   # or a command that prints it
        sync-ca-file =       # empty: the system's certificates

        """
    }

    /// Writes `text` to `path` unless something is there already.
    static func writeIfMissing(_ path: String, _ text: String) throws(FileError) -> Step {
        guard FileSystem.kind(of: path) == .missing else { return .kept }
        try FileSystem.replace(path, with: Array(text.utf8))
        return .created
    }

    /// Adds `.dayplan.lock` to a `.gitignore`, made if missing; a file that ignores it already is kept.
    static func ignoreLock(in path: String) throws(FileError) -> Step {
        let entry = "/" + PlanFolder.lockFile
        guard FileSystem.kind(of: path) != .missing else {
            try FileSystem.replace(path, with: Array("# dayplan's lock file (see dayplan help rollover)\n\(entry)\n".utf8))
            return .created
        }
        let bytes = try FileSystem.read(path)
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map { $0.trimmingCharacters() }
        if lines.contains(entry) || lines.contains(PlanFolder.lockFile) { return .kept }
        var appended = bytes
        if let last = appended.last, last != UInt8(ascii: "\n") { appended.append(UInt8(ascii: "\n")) }
        appended += Array("\(entry)\n".utf8)
        try FileSystem.replace(path, with: appended)
        return .appended
    }

}

extension Substring {
    /// Without spaces, tabs and carriage returns at either end.
    fileprivate func trimmingCharacters() -> String {
        let isSpace = { (c: Character) in c == " " || c == "\t" || c == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
