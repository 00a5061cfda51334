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
            take, to DIR/.gitignore (appended to, never replaced), with .dayplan/sync.json and
            .dayplan/reminded, what sync and remind remember on this machine. In a git repository it also has git
            merge day files task by task with dayplan merge: a line in DIR/.gitattributes and
            merge.dayplan.driver in the repository's config (each only when missing).

            The layout is --layout, else that of the newest day file already in DIR, else YYYY-MM-DD.md.
            A file that exists already is kept as it is, so running init again changes nothing; a
            --layout that differs from the existing settings is an error (edit the file instead).

            With --sync-url (and --sync-user, and --sync-password-env or --sync-password-command) it sets
            up dayplan sync with a CalDAV task list: it writes those settings (filling in empty ones of an
            existing file; one set otherwise is an error), never a password, and says how to run the first
            sync and where the recipes for a timer are (docs/sync.md).
            """,
        options: [
            .option("--layout", "PATTERN", .text,
                    "Where each day's file goes, such as YYYY/MM/YYYY-MM-DD.md (YYYY, MM, DD, ddd; the file name is always YYYY-MM-DD.md)."),
            .option("--sync-url", "URL", .text, "The CalDAV task list dayplan sync keeps in step with the plan (its URL, ending in /)."),
            .option("--sync-user", "NAME", .text, "The user dayplan sync logs in as."),
            .option("--sync-password-env", "VAR", .text, "The environment variable that holds the sync password (never the password itself)."),
            .option("--sync-password-command", "CMD", .text, "A command that prints the sync password, such as 'pass show caldav'."),
            .option("--sync-ca-file", "FILE", .file, "A certificate file for a sync server with its own certificate."),
            .quiet,
        ],
        exitCodes: [(0, "the folder is a plan folder (made now or already)"),
                     (2, "usage or I/O error, a bad existing settings file, or a DIR inside another plan folder")])

    /// What init did with one file.
    enum Step {
        case created, kept, appended, set
    }

    /// The sync settings init writes, each from its option: `--sync-url` writes `sync-url`.
    static let syncKeys = ["sync-url", "sync-user", "sync-password-env", "sync-password-command", "sync-ca-file"]

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
        var sync: [(key: String, value: String)] = []
        for key in syncKeys {
            guard let value = arguments.options["--" + key] else { continue }
            guard !value.isEmpty, !value.contains("#"), !value.contains("\n"), value.trimmingCharacters == value else {
                return fail("--\(key): `\(value)` cannot be a setting (empty, or with a #, a line break or spaces at an end)")
            }
            sync.append((key, value))
        }
        if let url = sync.first(where: { $0.key == "sync-url" })?.value,
           !url.lowercased().hasPrefix("https://"), !url.lowercased().hasPrefix("http://") {
            return fail("--sync-url: `\(url)` is not an http:// or https:// URL; give the task list's URL")
        }
        if sync.contains(where: { $0.key == "sync-password-env" }), sync.contains(where: { $0.key == "sync-password-command" }) {
            return fail("--sync-password-env and --sync-password-command: give one, where the password comes from")
        }

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
        var syncSettingsToSet: [(key: String, value: String)] = sync
        if planFolder.isInitialized, FileSystem.kind(of: configPath) != .missing {
            if let layout, planFolder.settings.layout != layout {
                return fail("\(configPath): layout: is \(planFolder.settings.layout?.pattern ?? "not set"), not \(layout.pattern); "
                            + "init never overwrites settings, so edit the file to change it; nothing changed")
            }
            let existing = planFolder.settings
            let values = ["sync-url": existing.syncURL, "sync-user": existing.syncUser, "sync-password-env": existing.syncPasswordEnvironment,
                          "sync-password-command": existing.syncPasswordCommand, "sync-ca-file": existing.syncCAFile]
            for (key, value) in sync {
                if let set = values[key] ?? nil, set != value {
                    return fail("\(configPath): \(key): is \(set), not \(value); init never overwrites settings, so edit the file "
                                + "to change it; nothing changed")
                }
            }
            syncSettingsToSet = sync.filter { values[$0.key] ?? nil == nil }
        }
        if !sync.isEmpty, !sync.contains(where: { $0.key == "sync-url" }), !(planFolder.isInitialized && planFolder.settings.syncURL != nil) {
            return fail("--sync-url: the task list to sync with is missing (the other --sync options need it)")
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
            let written = try writeIfMissing(configPath, withSettings(sync, in: settings(layout: layout ?? .flat, adopted: adopted?.day)))
            steps.append((written, configPath,
                          "the settings (layout \((layout ?? .flat).pattern), day-starts-at 0, template .dayplan/template.md"
                          + (adopted.map { "; adopted \($0.day): the \($0.notes) note\($0.notes == 1 ? "" : "s") already here, "
                                         + "and any Markdown that is no day file, are left alone" } ?? "")
                          + (sync.isEmpty ? "" : "; " + sync.map(\.key).joined(separator: ", ")) + ")"))
            if written == .kept, !syncSettingsToSet.isEmpty {
                let before = String(decoding: try FileSystem.read(configPath), as: UTF8.self)
                try FileSystem.replace(configPath, with: Array(withSettings(syncSettingsToSet, in: before).utf8), newFileMode: 0o644)
                steps[steps.count - 1] = (.set, configPath, syncSettingsToSet.map(\.key).joined(separator: ", "))
            }
            let ignored = try ignoreOwnFiles(in: ignorePath)
            steps.append((ignored.step, ignorePath, ignored.step == .appended ? ignored.added.joined(separator: ", ")
                          : "so that git leaves the lock, and what sync, remind and rollover remember on this machine, alone"))
            driver = try MergeCommand.setUpDriver(in: folder)
        } catch {
            return fail(error.message)
        }

        // 5. What was done, and what to do next.
        guard !quiet else { return .success }
        let changed = steps.contains { $0.0 != .kept } || driver.changed
        // "Made" only where there were no settings yet: a second run that adds what was missing says so.
        let made = steps.contains { $0.1 == configPath && $0.0 == .created }
        out.line(made ? "Made \(absolute) a plan folder:"
                 : changed ? "\(absolute) is a plan folder already; added what it lacked:"
                 : "\(absolute) is a plan folder already; nothing changed:")
        for (step, path, what) in steps {
            switch step {
            case .created: out.line("  created \(path): \(what)")
            case .kept: out.line("  kept \(path) as it is")
            case .appended: out.line("  added \(what) to \(path), so that git leaves them alone")
            case .set: out.line("  set \(what) in \(path)")
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
            if !sync.isEmpty {
                let url = sync.first { $0.key == "sync-url" }?.value ?? planFolder.settings.syncURL ?? ""
                let first = "dayplan sync" + (folder == "." ? "" : " --dir \(folder)")
                out.line("  " + first.padding(width) + "the first sync with \(SyncSettings.withoutUserInfo(url))"
                         + (sync.contains { $0.key == "sync-password-env" } ? " (with \(sync.first { $0.key == "sync-password-env" }?.value ?? "") set)" : ""))
                out.line("  then every few minutes from a systemd timer, launchd or cron: the recipes are in docs/sync.md (\"Every few minutes\")")
            }
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
        // notify-send only where it is: a setting naming a missing program would make every reminder warn.
        let remindCommand = ChildProcess.isPresent("notify-send") ? "remind-command = notify-send"
            : "remind-command =     # empty: notify-send was not found when init ran; name your notifier here"
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

        # How a date dayplan writes is spelled on a task that spells none another way: dayplan (@due:...),
        # obsidian-tasks (the Tasks plugin's emoji) or dataview ([due:: ...]). A task keeps its own spelling.
        metadata-style = dayplan

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
        \(remindCommand)

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

    /// What init has git ignore: the lock, and what sync, remind and rollover (for `--undo`) remember on this
    /// machine.
    static let ignoredFiles = ["/" + PlanFolder.lockFile, "/" + SyncStateFile.relativePath, "/" + RemindCommand.logPath,
                               "/" + RolloverRecordFile.relativePath]

    /// Adds `ignoredFiles` to a `.gitignore`, made if missing; those it ignores already are not added again.
    static func ignoreOwnFiles(in path: String) throws(FileError) -> (step: Step, added: [String]) {
        guard FileSystem.kind(of: path) != .missing else {
            let text = "# dayplan's lock file (see dayplan help rollover), and what sync, remind and rollover remember on this machine\n"
                + ignoredFiles.map { $0 + "\n" }.joined()
            try FileSystem.replace(path, with: Array(text.utf8))
            return (.created, ignoredFiles)
        }
        let bytes = try FileSystem.read(path)
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map { $0.trimmingCharacters() }
        let missing = ignoredFiles.filter { !lines.contains($0) && !lines.contains(String($0.dropFirst())) }
        guard !missing.isEmpty else { return (.kept, []) }
        var appended = bytes
        if let last = appended.last, last != UInt8(ascii: "\n") { appended.append(UInt8(ascii: "\n")) }
        appended += Array(missing.map { $0 + "\n" }.joined().utf8)
        try FileSystem.replace(path, with: appended)
        return (.appended, missing)
    }

    /// The settings text `text` with each of `settings` set: its `key =` line replaced (an empty one, with its
    /// comment), or added at the end when the text has none.
    static func withSettings(_ settings: [(key: String, value: String)], in text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (key, value) in settings {
            let line = "\(key) = \(value)"
            if let index = lines.firstIndex(where: { existing in
                let content = existing.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
                guard let equals = content.firstIndex(of: "=") else { return false }
                return String(content[..<equals]).trimmingCharacters == key
            }) {
                lines[index] = line
            } else {
                if lines.last == "" { lines.removeLast() }
                lines += [line, ""]
            }
        }
        return lines.joined(separator: "\n")
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
