import DayPlan
import DayPlanExport

/// `dayplan import --from todotxt|taskwarrior`: another tool's list brought into the plan folder. A dry run unless
/// `--write`: each task is listed with where it would go.
extension ImportCommand {
    /// Where one task goes.
    struct Placement {
        let task: ForeignTask
        let day: Day
        /// The regions to try in turn, the first with room taken; the Backlog last.
        let regions: [Region]
        /// The day it was scheduled for, taken off when it is placed on it, and kept when it goes to the Backlog.
        var scheduled: Day? = nil
    }

    static func runFromOtherTool(_ arguments: Arguments, tool: String) -> ExitCode {
        var out = Output.standard
        var err = Output.error
        defer { out.flush(); err.flush() }
        func fail(_ message: String) -> ExitCode {
            err.line("dayplan import: \(message)")
            return .failure
        }
        let files = arguments.positionals
        let most = tool == "todotxt" ? 2 : 1
        guard !files.isEmpty, files.count <= most else {
            return fail(tool == "todotxt" ? "--from todotxt takes todo.txt and, if you like, done.txt; got \(files.count) files"
                        : "--from taskwarrior takes one file, what 'task export' wrote; got \(files.count)")
        }
        for flag in ["--force", "--dry-run"] where arguments.flags.contains(flag) {
            return fail(flag == "--force" ? "--force is not for --from \(tool): nothing is ever overwritten, tasks are added"
                        : "--from \(tool) is a dry run already; --write writes")
        }
        let writing = arguments.flags.contains("--write")
        let quiet = arguments.flags.contains("--quiet")

        // 1. The tasks, every one read before the plan folder is touched: a line that cannot be read stops the run.
        var tasks: [ForeignTask] = []
        var problems: [ForeignProblem] = [], leftOut: [ForeignProblem] = []
        for (index, file) in files.enumerated() {
            let bytes: [UInt8]
            do {
                bytes = try FileSystem.read(file)
            } catch {
                return fail(error.message)
            }
            let name = file == "-" ? "<stdin>" : file
            if tool == "todotxt" {
                let read = TodoTxt.tasks(in: bytes, named: name, done: index == 1)
                (tasks, problems) = (tasks + read.tasks, problems + read.problems)
            } else {
                let read = Taskwarrior.tasks(in: bytes, named: name, local: Clock.local)
                (tasks, problems, leftOut) = (tasks + read.tasks, problems + read.problems, leftOut + read.leftOut)
            }
        }
        if !problems.isEmpty {
            for problem in problems { err.line("\(problem)") }
            err.line("dayplan import: \(problems.count) entr\(problems.count == 1 ? "y" : "ies") could not be read; nothing written")
            return .findings
        }

        // 2. Where each goes. A finished task: the file of the day it was finished (today's when the source does not
        // say), in the region its time falls in, else the Backlog. An open one scheduled for today or a day gone by:
        // today's regions, the first whose bucket has room, else the Backlog. Any other open one: today's Backlog,
        // with `@on:` for a later day, so that rollover places it then.
        let folder: PlanFolder
        do {
            folder = try PlanFolder.find(dir: arguments.options["--dir"])
        } catch {
            return fail(error.message)
        }
        let today: Day
        switch Clock.today(in: folder, dayStartsAt: nil) {
        case .success(let day): today = day
        case .failure(let problem): return fail(problem.message)
        }
        let hours = folder.settings.regionHours
        let regions = Region.allCases.filter(\.isLimited)
        let placements = tasks.map { foreign -> Placement in
            var foreign = foreign
            if !foreign.task.status.isOpen {
                let minute = foreign.finishedSecond.map { $0 / 60 }
                let region = minute.flatMap { minute in regions.first { hours.hours(of: $0)?.contains(minute) == true } }
                return Placement(task: foreign, day: foreign.finished ?? today, regions: region.map { [$0] } ?? [])
            }
            if let on = foreign.task.metadata.on, on <= today {
                foreign.task.metadata.on = nil
                return Placement(task: foreign, day: today, regions: regions, scheduled: on)
            }
            return Placement(task: foreign, day: today, regions: [])
        }

        // 3. Each day's file under the plan folder's lock, taken before the listing it decides from.
        let days = Array(Set(placements.map(\.day))).sorted()
        let lock: PlanLock
        let existing: [PlanFolder.DayFile]
        do {
            (lock, existing) = try Self.lock(days, in: folder, exclusive: writing)
        } catch {
            return fail("\(error.message); nothing written")
        }
        defer { lock.release() }

        // 4. What each day's file becomes: the tasks added as `dayplan add` adds them (after a region's last task, a
        // captured one with `@from:`), each other byte as it was. A task the file holds already (the same title) is
        // not added twice.
        var writes: [(file: DayFileOfPlan, bytes: [UInt8])] = []
        var lines: [String] = []
        var added = 0, alreadyThere = 0, intoBacklog = 0
        for day in days {
            let file: DayFileOfPlan
            switch DayFileOfPlan.find(day, in: folder, files: existing) {
            case .success(let found): file = found
            case .failure(let twice): return fail("\(twice.message); nothing written")
            }
            var bytes: [UInt8]
            var made = false
            do {
                let current = file.isNew ? nil : try FileSystem.read(file.path)
                if let current, !DayEditor(current).document.isEmptyDay {
                    bytes = current
                } else {
                    if file.isNew { try folder.checkInside(dayFile: file.path) }
                    let new = try DaySession.newDay(day, at: file.path, in: folder, filling: current)
                    for warning in new.warnings { err.line(warning) }
                    bytes = new.bytes
                    made = true
                }
            } catch let error as FileError {
                return fail("\(error.message); nothing written")
            } catch let error as DaySession.Failure {
                err.line(error.message)
                return error.code
            } catch {
                return fail("\(error); nothing written")
            }
            let before = bytes
            for placement in placements where placement.day == day {
                let task = placement.task.task
                if DayEditor(bytes).document.allTasks.contains(where: { $0.identity == task.identity }) {
                    alreadyThere += 1
                    lines.append("\(placement.task.source): already in \(file.path): \(task.title)")
                    continue
                }
                var edit: DayEdit?
                var full: [String] = []
                for region in placement.regions {
                    do {
                        edit = try DayEditor(bytes).insert(task, into: region)
                        break
                    } catch .bucketFull {
                        full.append(region.name)
                    } catch {
                        return DaySession.report(error, command: "import", path: file.path, to: &err)
                    }
                }
                do {
                    var unplaced = task
                    if let scheduled = placement.scheduled { unplaced.metadata.on = scheduled }
                    if edit == nil { edit = try DayEditor(bytes).capture(unplaced, on: day) }
                } catch {
                    return DaySession.report(error, command: "import", path: file.path, to: &err)
                }
                guard let edit else { continue }
                bytes = edit.after
                added += 1
                var line = "\(placement.task.source) → \(file.path):\(edit.line): \(edit.summary)"
                if !full.isEmpty, full.count == placement.regions.count {
                    intoBacklog += 1
                    line += " (scheduled for \(placement.scheduled.map(String.init(describing:)) ?? "today"), but \(full.joined(separator: ", "))"
                        + " had no room for a \(task.bucket) task)"
                }
                lines.append(line)
                for kept in placement.task.kept { lines.append("\(placement.task.source): \(kept)") }
            }
            if made || bytes != before { writes.append((file, bytes)) }
        }

        // 5. A dry run lists; a run stages every file first and then puts each in place, as an export's import does.
        if writing {
            let staged: [DayFileOfPlan.Staged]
            do {
                staged = try stage(writes, in: folder)
            } catch {
                return fail("\(error.message); nothing written")
            }
            for (index, file) in staged.enumerated() {
                do {
                    try file.commit()
                } catch {
                    for rest in staged[(index + 1)...] { rest.abandon() }
                    let done = writes[..<index].map(\.file.path)
                    return fail(error.message + (done.isEmpty ? "; nothing written" : "; written before it: \(done.joined(separator: ", "))"))
                }
            }
        }
        if !quiet {
            for line in lines { out.line(line) }
            for entry in leftOut { out.line("\(entry)") }
            let made = writes.filter(\.file.isNew).count
            err.line("\(tasks.count) task\(tasks.count == 1 ? "" : "s"): \(added) \(writing ? "added" : "to add")"
                     + (alreadyThere > 0 ? ", \(alreadyThere) already there" : "")
                     + (intoBacklog > 0 ? ", \(intoBacklog) into a Backlog for want of room" : "")
                     + " in \(writes.count) day file\(writes.count == 1 ? "" : "s")" + (made > 0 ? " (\(made) new)" : "")
                     + (writing ? "" : "; a dry run, nothing written: --write writes"))
        }
        return .success
    }
}
