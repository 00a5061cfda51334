extension Rule {
    /// An open Backlog task of today's plan first planned long ago (its `@from:` day), not scheduled for a later day:
    /// a decision to make.
    ///
    /// Reads: the document, when it is today's plan (`Linter.Subject.isToday`), and the plan folder's
    /// `carried-warning-days` (`Linter.Subject.carriedWarningDays`, 7 by default).
    public static let longCarried: Rule = Rule(
        id: "DP052", name: "long-carried", severity: .information, blocksFormatting: false,
        summary: "today's open Backlog tasks were not first planned long ago (`carried-warning-days`, 7 by default)",
        check: .document { subject, findings in
            guard let today = subject.today, subject.isToday else { return }
            let nowhere = SourcePosition(offset: 0, line: 0, column: 0)
            // In file order, each task read in place: lint sorts its findings by place, so the oldest-first order
            // of `tasks(in:on:days:)` would be undone (and a Backlog of a thousand carried tasks is edited live).
            for placed in subject.document.placedTasks where placed.region == .backlog {
                guard let age = LongCarried.carriedAge(of: placed.task, on: today, days: subject.carriedWarningDays),
                      let from = placed.task.metadata.from else { continue }
                findings.append(Diagnostic(.longCarried, from: placed.task.source?.start ?? nowhere, to: placed.task.source?.end ?? nowhere,
                                           LongCarried.message(title: placed.task.title, from: from, age: age)))
            }
        }, fix: LongCarried.choices)
}

/// A task's age and DP052's three choices.
public enum LongCarried {
    /// DP052's message: "`title` was first planned on `from`, `age` days ago; do it today, …". Its bytes are put
    /// together first and made a string once, not appended to a `String` piece by piece: today's plan may hold a
    /// thousand of these, made again on each edit in the editor.
    static func message(title: String, from: Day, age: Int) -> String {
        let choices: StaticString = " days ago; do it today, schedule it with `@on:`, or cancel it (`dayplan review` lists the choices)."
        var bytes: [UInt8] = []
        bytes.reserveCapacity(title.utf8.count + 48 + choices.utf8CodeUnitCount)
        bytes += title.utf8
        bytes += " was first planned on ".utf8
        bytes += from.description.utf8
        bytes += ", ".utf8
        bytes += String(age).utf8
        bytes += UnsafeBufferPointer(start: choices.utf8Start, count: choices.utf8CodeUnitCount)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Days from the task's `@from:` day (the day it was first planned) to `today`; nil without `@from:`.
    public static func age(of task: PlanTask, on today: Day) -> Int? {
        task.metadata.from.map { $0.days(until: today) }
    }

    /// The open Backlog tasks of `document`, the plan of `today`, first planned `days` days before it or earlier and not
    /// scheduled (`@on:`) for a later day, oldest first (in file order for one age), with their ages.
    public static func tasks(in document: DayDocument, on today: Day, days: Int) -> [(task: PlanTask, age: Int)] {
        let found = document.tasks(in: .backlog).compactMap { task -> (task: PlanTask, age: Int)? in
            guard let age = carriedAge(of: task, on: today, days: days) else { return nil }
            return (task, age)
        }
        return found.enumerated().sorted { ($0.element.age, $1.offset) > ($1.element.age, $0.offset) }.map(\.element)
    }

    /// The age of `task`, a Backlog task of the plan of `today`, when `tasks(in:on:days:)` lists it (open, first
    /// planned `days` days before `today` or earlier, and not scheduled for a later day); nil otherwise.
    static func carriedAge(of task: borrowing PlanTask, on today: Day, days: Int) -> Int? {
        // A task that starts later (`@start:`, Obsidian Tasks' 🛫) is not offered before then.
        guard task.status.isOpen, task.metadata.on.map({ $0 <= today }) ?? true, task.metadata.start.map({ $0 <= today }) ?? true,
              let age = age(of: task, on: today),
              age >= days else { return nil }
        return age
    }

    /// The first limited region whose bucket of `task` has room in `editor`'s day, Morning first; nil when none has.
    public static func regionWithRoom(for task: PlanTask, in editor: DayEditor) -> Region? {
        Region.allCases.first { $0.isLimited && editor.openCount(in: $0, task.bucket) < task.bucket.limit }
    }

    /// The day a task scheduled from a review waits for: a week after `day`.
    public static func scheduledDay(after day: Day) -> Day { day.adding(days: 7) }

    /// DP052's fixes: do it today (into a region with room, when the task is in the Backlog), schedule it a week on
    /// (`@on:`), cancel it.
    static let choices: @Sendable (QuickFix.Request) -> [QuickFix] = { request in
        let editor = DayEditor(request.bytes)
        guard let placed = editor.task(at: request.line) else { return [] }
        var fixes: [QuickFix] = []
        guard placed.region == .backlog else { return [] }
        if let region = regionWithRoom(for: placed.task, in: editor),
           let edit = try? editor.move(taskAt: placed.task.line, to: region), edit.changesFile {
            fixes.append(QuickFix(title: "Do “\(placed.task.title)” today: move it to the \(region)", edits: edit.edits, isPreferred: false))
        }
        if let day = DayDocument(parsing: request.bytes).day,
           let edit = try? editor.replaceMetadata(with: "@on:\(scheduledDay(after: day))", onTaskAt: placed.task.line), edit.changesFile {
            fixes.append(QuickFix(title: "Schedule “\(placed.task.title)” for \(scheduledDay(after: day)) (@on:)", edits: edit.edits, isPreferred: false))
        }
        if let edit = try? editor.setStatus(.cancelled, ofTaskAt: placed.task.line), edit.changesFile {
            fixes.append(QuickFix(title: "Cancel “\(placed.task.title)” ([-])", edits: edit.edits, isPreferred: false))
        }
        return fixes
    }
}
