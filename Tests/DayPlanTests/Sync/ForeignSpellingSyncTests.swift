import Testing
@testable import DayPlan
@testable import DayPlanICalendar

/// The to-do `dayplan sync` pushes for a task whose due date is spelled another tool's way carries that date as
/// its `DUE` (FORMAT.md §3.7), as it does for `@due:`.
@Suite struct ForeignSpellingSyncTests {
    @Test(arguments: ["- [ ] Pay the rent ⏫ 📅 2026-12-04", "- [ ] Pay the rent [due:: 2026-12-04]", "- [ ] Pay the rent @due:2026-12-04"])
    func thePushedToDoHasTheDueDate(line: String) throws {
        let task = try #require(PlanTask.parsing(line: line)).task
        let fields = SyncFields(task)
        #expect(fields.due == Day("2026-12-04"), "\(line)")
        let body = String(decoding: RemoteTodo.calendar(uid: "a@dayplan", fields: fields, task: task, day: Day("2026-12-02")!, region: .morning),
                          as: UTF8.self)
        #expect(body.contains("\r\nDUE;VALUE=DATE:20261204\r\n"), "\(body)")
    }
}
