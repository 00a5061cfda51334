import DayPlan

/// `dayplan completions`: prints a shell completion script, made from the commands' specs.
enum CompletionsCommand {
    /// The word that runs it: `dayplan completions`.
    static let name = "completions"
    /// What it takes, for its help, argument parsing, completions and the man page.
    static let spec = CommandSpec(
        name: name,
        summary: "Print the completion script for bash, zsh or fish",
        arguments: Value(placeholder: "bash|zsh|fish", kind: .choice(Completions.Shell.allCases.map(\.rawValue))),
        about: """
            Prints a script that completes dayplan's commands, options and their values in the given
            shell: day files and folders for paths, the choices of options such as --format, dates for
            --date (today, tomorrow and the last days) and the plan folder's tags for options that take
            one, and the statuses and the day's task titles for mark and move. It is made from the same
            descriptions as the commands' help, so it always matches this dayplan.

            bash: source <(dayplan completions bash) in ~/.bashrc. zsh: dayplan completions zsh >
            ~/.zfunc/_dayplan, with fpath=(~/.zfunc $fpath) in ~/.zshrc before compinit. fish: mkdir -p
            ~/.config/fish/completions, then dayplan completions fish > ~/.config/fish/completions/dayplan.fish.

            --list is what the scripts call: it prints the candidates for a kind of value, one a line.
            """,
        options: [
            .choice("--list", ListKind.allCases.map(\.rawValue),
                    "Print candidates instead of a script: the dates (YYYY-MM-DD, a tab, and today, tomorrow or the weekday), the #tags used in the plan folder's day files, or the titles of the day's tasks (each once, in the file's order)."),
            .option("--dir", "DIR", .folder, environment: "DAYPLAN_DIR",
                    "The plan folder whose tags or tasks --list prints (default: the current folder)."),
            .option("--date", "YYYY-MM-DD", .date, "The day whose tasks --list tasks prints (default: today; also today, yesterday, tomorrow)."),
            .option("--day-starts-at", "HOUR", .hour, environment: "DAYPLAN_DAY_STARTS_AT",
                    "Before this hour (0-23) it is still yesterday, for --list tasks (default: the day-starts-at setting, else 0)."),
        ],
        exitCodes: [(0, "printed"), (2, "usage error, or the plan folder cannot be read")])

    /// What `--list` prints.
    enum ListKind: String, CaseIterable {
        case dates, tags, tasks
    }

    @MainActor static func run(_ arguments: Arguments) -> ExitCode {
        var out = Output.standard
        var err = Output.error
        defer { out.flush(); err.flush() }
        func fail(_ message: String) -> ExitCode {
            err.line("dayplan completions: \(message)\nRun 'dayplan completions --help' for usage.")
            return .failure
        }

        if let list = arguments.options["--list"].flatMap(ListKind.init(rawValue:)) {
            guard arguments.positionals.isEmpty else { return fail("--list takes no shell") }
            switch list {
            case .dates:
                guard let today = Clock.today(dayStartsAt: dayStartsAt()) else {
                    err.line("dayplan completions: cannot read the local time")
                    return .failure
                }
                for (day, label) in recentDays(around: today) { out.line("\(day)\t\(label)") }
            case .tags:
                let folder = arguments.options["--dir"]
                    ?? Clock.environment("DAYPLAN_DIR").flatMap { $0.isEmpty ? nil : $0 } ?? "."
                do {
                    let (found, unreadable) = try tags(in: folder)
                    for tag in found { out.line(tag) }
                    for failure in unreadable { err.line("dayplan completions: warning: \(failure.message)") }
                } catch {
                    err.line("dayplan completions: \(error.message)")
                    return .failure
                }
            case .tasks:
                // The day mark and move would read, found as they find it; none (no file yet) lists nothing.
                do {
                    let session = try DaySession.open(arguments, writing: false)
                    for title in taskTitles(session.bytes ?? []) { out.line(title) }
                } catch {
                    err.line("dayplan completions: \(error.message)")
                    return .failure
                }
            }
            return .success
        }

        guard arguments.positionals.count == 1, let shell = Completions.Shell(rawValue: arguments.positionals[0]) else {
            return fail(arguments.positionals.isEmpty ? "name a shell: bash, zsh or fish"
                        : "unknown shell '\(arguments.positionals.joined(separator: " "))'; use bash, zsh or fish")
        }
        out.write(Completions.script(for: shell, commands.map { $0.spec() }, version: version))
        return .success
    }

    /// The hour the day starts at for "today", as rollover reads it (0 when unset or not an hour).
    static func dayStartsAt() -> Int {
        Clock.dayStartsAt
    }

    /// The days a person is likely to name: today, tomorrow, then the six days before today, each with a word
    /// for it (yesterday, then the weekday).
    static func recentDays(around today: Day) -> [(Day, String)] {
        let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        // 1970-01-01 was a Thursday.
        let epoch = Day(year: 1970, month: 1, day: 1)!
        var days = [(today, "today"), (today.adding(days: 1), "tomorrow"), (today.adding(days: -1), "yesterday")]
        for back in 2...6 {
            let day = today.adding(days: -back)
            let weekday = ((epoch.days(until: day) + 3) % 7 + 7) % 7
            days.append((day, weekdays[weekday]))
        }
        return days
    }

    /// The tags (`#name`) of the tasks in the day files below `folder`, each once, sorted, as the parser reads
    /// them (so a `#word` in a note or a `## Notes` section is no tag); and the files that could not be read.
    static func tags(in folder: String) throws(FileError) -> (tags: [String], unreadable: [FileError]) {
        var found = Set<String>()
        var unreadable: [FileError] = []
        for path in try FileSystem.dayFiles(in: folder) {
            do {
                for task in DayDocument(parsing: try FileSystem.read(path)).allTasks {
                    found.formUnion(task.tags.map { "#" + $0 })
                }
            } catch {
                unreadable.append(error)
            }
        }
        return (found.sorted(), unreadable)
    }

    /// The titles of the tasks of a day file, each once, in the file's order: what mark and move take as TASK.
    static func taskTitles(_ bytes: [UInt8]) -> [String] {
        var seen = Set<String>()
        return DayDocument(parsing: bytes).allTasks.map(\.title).filter { !$0.isEmpty && seen.insert($0).inserted }
    }
}
