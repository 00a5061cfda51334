import DayPlan
import DayPlanFlow

/// `dayplan add`: captures a task into the day's file, by default into the Backlog.
enum AddCommand {
    /// The word that runs it: `dayplan add`.
    static let name = "add"
    /// What it takes, for its help, argument parsing, completions and the man page.
    static let spec = CommandSpec(
        name: name,
        summary: "Add a task to today's plan (by default to the Backlog)",
        arguments: Value(placeholder: "TITLE ...", kind: .text),
        about: """
            Adds a task to the day's file (today's, or --date's): capture first, place later. Its words are
            the title; #tags and metadata (@carry, @expires:YYYY-MM-DD, …) in it are read as in any task.
            With - as the only TITLE, reads titles from standard input, one a line (blank lines skipped):
            all are added, or none.

            The task goes to the Backlog unless --to names a region, into the misc bucket unless --must or
            --complementary says otherwise; it is written after the region's last task, as rollover adds
            tasks, and every other byte of the file stays. A region whose bucket is full (the 1-3-5 rule:
            1 must, 3 complementary, 5 misc open per region) is exit 1, naming where there is room; nothing
            is written.

            Plain words for when are read out of the title (docs/capture.md): a day (today, tonight, tomorrow,
            Friday, next week, in 3 days, on the 5th, Dec 5, 2026-12-05), a part of it (this evening, tomorrow
            morning), a time (at 3pm, at 15:00, from 9 to 10am), a length (for 30m, for 1h30m, for an hour)
            and a deadline (by Friday, due tomorrow), each written as the task's time, @est: and @due:, and a
            line says what was read. A task for another day goes into that day's file when it has one, else
            into the Backlog with @on: that day; a time or a part of the day picks the region (--to wins).
            --literal keeps every word in the title.

            When the day has no file yet, it is made as rollover makes a day with no earlier plan: from the
            plan folder's template, or blank, where the layout puts it. It holds the plan folder's lock, as
            rollover does, and prints one line per task: path:line: what changed.
            """,
        options: [
            .choice("--to", noun: "region", Region.allCases.map(\.lowercaseName), "The region (default: backlog)."),
            .flag("--literal", "Keep every word in the title: read no day, time, length or deadline from the words."),
        ] + BucketFlags.options + DaySession.options + [.quiet],
        exitCodes: [(0, "added"), (1, "a bucket is full, or the file has errors; nothing changed"),
                    (2, "usage or I/O error, such as a read-only file")])

    static func run(_ arguments: Arguments) -> ExitCode {
        var out = Output.standard
        var err = Output.error
        defer { out.flush(); err.flush() }
        func usage(_ message: String) -> ExitCode {
            err.line("dayplan add: \(message)\nRun 'dayplan add --help' for usage.")
            return .failure
        }
        let asked = arguments.options["--to"].flatMap { name in Region.allCases.first { $0.lowercaseName == name } }
        let literal = arguments.flags.contains("--literal")
        let bucket: Bucket
        switch BucketFlags.bucket(arguments) {
        case .success(let given): bucket = given ?? .misc
        case .failure(let problem): return usage(problem.message)
        }

        // 1. The titles: the words, or standard input's lines.
        var titles: [String]
        if arguments.positionals == ["-"] {
            let input: [UInt8]
            do {
                input = try FileSystem.read("-")
            } catch {
                err.line("dayplan add: \(error.message)")
                return .failure
            }
            // Split on bytes: a String would read `\r\n` as one character.
            titles = input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
                String(decoding: $0.last == UInt8(ascii: "\r") ? $0.dropLast() : $0, as: UTF8.self)
            }
            titles.removeAll { $0.allSatisfy { $0 == " " || $0 == "\t" } }
            guard !titles.isEmpty else { return usage("standard input holds no title") }
        } else {
            let title = arguments.positionals.joined(separator: " ")
            guard !title.allSatisfy({ $0 == " " || $0 == "\t" }) else { return usage("give the task's title") }
            titles = [title]
        }
        var tasks: [PlanTask] = []
        for title in titles {
            switch TaskEntry.reading(title, bucket: bucket) {
            case .success(let entry):
                for warning in entry.warnings { err.line("dayplan add: warning: \(warning)") }
                tasks.append(entry.task)
            case .failure(let problem):
                if case .notATitle = problem { return usage(problem.message) }
                // What lint would call an error is not written at all; a warning is written and said.
                err.line("dayplan add: \(problem.message); nothing changed")
                return .failure
            }
        }

        // 2. The day's file, under the lock; a new one as rollover starts a day.
        let session: DaySession
        do {
            session = try DaySession.open(arguments, writing: true)
        } catch {
            err.line("dayplan add: \(error.message)")
            return error.code
        }
        defer { session.release() }
        var bytes: [UInt8]
        var made: String?
        var editor = session.bytes.map(DayEditor.init)
        if let existing = editor, !existing.document.isEmptyDay {
            bytes = existing.bytes
        } else {
            editor = nil
            do {
                let day = try session.newDay(filling: session.bytes)
                for warning in day.warnings { err.line(warning) }
                bytes = day.bytes
                made = session.bytes != nil ? "the empty day filled" : day.template.map { "new file, from \($0)" } ?? "new file"
            } catch {
                err.line("dayplan add: \(error.message)")
                return error.code
            }
        }

        // 3. What each title's plain words say (unless --literal), and so where its task goes: the day's file, the
        // file of the day the words name when it has one, else the Backlog with `@on:` that day.
        var placed: [Placed] = []
        var others: [Day: (file: DayFileOfPlan, bytes: [UInt8])] = [:]
        for (title, task) in zip(titles, tasks) {
            let capture = literal ? nil : Capture(reading: title, today: session.file.day)
            guard let capture, !capture.isEmpty else {
                placed.append(Placed(task: task, day: session.file.day, region: asked ?? .backlog, read: nil))
                continue
            }
            var captured: PlanTask
            switch TaskEntry.reading(capture.text, bucket: bucket) {
            case .success(let entry): captured = entry.task
            case .failure(let problem):
                err.line("dayplan add: \(problem.message); nothing changed (--literal keeps the words as they are)")
                return .failure
            }
            let region = asked ?? capture.region(in: session.planFolder.settings.regionHours)
            let day = capture.day ?? session.file.day
            let read = "read '\(capture.phrases.joined(separator: "', '"))': \(capture.summary)"
            if day != session.file.day, others[day] == nil {
                do throws(DaySession.Failure) {
                    others[day] = try session.existingFile(of: day)
                } catch {
                    err.line("dayplan add: \(error.message); nothing changed")
                    return error.code
                }
            }
            if day == session.file.day || others[day] != nil {
                placed.append(Placed(task: captured, day: day, region: region ?? .backlog, read: read))
            } else {
                captured.metadata.on = day
                captured.metadata.onRegion = region
                placed.append(Placed(task: captured, day: session.file.day, region: .backlog, read: read))
            }
        }

        // 4. Each task in turn, into its file, all checked before anything is written. A task captured into the
        // Backlog gets `@from:` the day it was captured (unless it says one), so that its age is one figure in
        // status, review, lint (DP052), query and report, as a task rollover defers gets its old day.
        var lines: [String] = []
        var changes: [(file: String, line: Int, summary: String)] = []
        var madeSaid = false
        for task in placed {
            // Another day's file, read once in step 3, and edited here task by task.
            let other = task.day == session.file.day ? nil : others[task.day]
            let path = other?.file.path ?? session.file.path
            do {
                let target = other.map { DayEditor($0.bytes) } ?? editor ?? DayEditor(bytes)
                let edit = try task.region == .backlog ? target.capture(task.task, on: session.file.day) : target.insert(task.task, into: task.region)
                if let found = other {
                    others[task.day] = (found.file, edit.after)
                } else {
                    editor = nil
                    bytes = edit.after
                }
                // The echo names the metadata written too (the summary gives the title alone).
                let written = (task.region == .backlog ? DayEditor.captured(task.task, on: session.file.day) : task.task).metadata
                let note = !madeSaid && other == nil ? made.map { " (\($0))" } ?? "" : ""
                if other == nil { madeSaid = true }
                lines.append("\(path):\(edit.line): \(edit.summary)" + (written.isEmpty ? "" : " " + written.canonicalText) + note)
                if let read = task.read { lines.append("  \(read)") }
                changes.append((path, edit.line, edit.summary))
            } catch {
                let hint = task.region == .backlog ? "" : "; or capture it with --to backlog"
                return DaySession.report(error, command: "add", path: path, hint: hint, to: &err)
            }
        }
        // The day's file first, then any other day's, each atomically; a failure says what was written before it.
        var written: [String] = []
        do {
            if placed.contains(where: { $0.day == session.file.day }) {
                try session.write(bytes)
                written.append(session.file.path)
            }
            for (_, other) in others.sorted(by: { $0.key < $1.key }) {
                try other.file.write(other.bytes, in: session.planFolder)
                written.append(other.file.path)
            }
        } catch {
            err.line("dayplan add: \(error.message); " + (written.isEmpty ? "nothing changed" : "\(written.joined(separator: ", ")) written before it"))
            return .failure
        }
        if !arguments.flags.contains("--quiet") {
            for line in lines { out.line(line) }
        }
        // The post-add hook (docs/hooks.md); it cannot undo the write.
        out.flush()
        Hooks.after("post-add", in: session.planFolder, Hooks.changes("add", day: session.file.day, changes), command: "add", err: &err)
        return .success
    }
}

/// A task `add` is about to write: the day whose file it goes in, its region there, and what its plain words said.
private struct Placed {
    let task: PlanTask
    let day: Day
    let region: Region
    let read: String?
}
