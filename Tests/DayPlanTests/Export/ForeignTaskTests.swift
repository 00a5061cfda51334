import DayPlan
@testable import DayPlanExport
import Testing

/// todo.txt and Taskwarrior's `task export` read into dayplan's tasks, and a task written back as a todo.txt line.
@Suite struct ForeignTaskTests {
    static func day(_ text: String) -> Day { Day(text)! }

    /// What one todo.txt line must read as: done, bucket, title, created, finished, due, scheduled.
    struct Reading: CustomStringConvertible, Sendable {
        let line: String
        let done: Bool
        let bucket: Bucket
        let title: String
        var created: String? = nil
        var finished: String? = nil
        var due: String? = nil
        var on: String? = nil
        var description: String { line }
    }

    /// Every example of todo.txt's format description (github.com/todotxt/todo.txt, "The todo.txt format"), and
    /// the extensions dayplan reads (due:, t:, pri:).
    static let examples: [Reading] = [
        Reading(line: "(A) Call Mom", done: false, bucket: .must, title: "Call Mom"),
        Reading(line: "Really gotta call Mom (A) @phone @someday", done: false, bucket: .misc, title: "Really gotta call Mom (A) #phone #someday"),
        Reading(line: "(b) Get back to the boss", done: false, bucket: .misc, title: "(b) Get back to the boss"),
        Reading(line: "(B)->Submit TPS report", done: false, bucket: .misc, title: "(B)->Submit TPS report"),
        Reading(line: "2011-03-02 Document +TodoTxt task format", done: false, bucket: .misc, title: "Document #TodoTxt task format",
                created: "2011-03-02"),
        Reading(line: "(A) 2011-03-02 Call Mom", done: false, bucket: .must, title: "Call Mom", created: "2011-03-02"),
        Reading(line: "(A) Call Mom 2011-03-02", done: false, bucket: .must, title: "Call Mom 2011-03-02"),
        Reading(line: "(A) Call Mom +Family +PeaceLoveAndHappiness @iphone @phone", done: false, bucket: .must,
                title: "Call Mom #Family #PeaceLoveAndHappiness #iphone #phone"),
        Reading(line: "Email SoAndSo at soandso@example.com", done: false, bucket: .misc, title: "Email SoAndSo at soandso@example.com"),
        Reading(line: "Learn how to add 2+2", done: false, bucket: .misc, title: "Learn how to add 2+2"),
        Reading(line: "x 2011-03-03 Call Mom", done: true, bucket: .misc, title: "Call Mom", finished: "2011-03-03"),
        Reading(line: "xylophone lesson", done: false, bucket: .misc, title: "xylophone lesson"),
        Reading(line: "X 2012-01-01 Make resolutions", done: false, bucket: .misc, title: "X 2012-01-01 Make resolutions"),
        Reading(line: "(A) x Find ticket prices", done: false, bucket: .must, title: "x Find ticket prices"),
        Reading(line: "x 2011-03-02 2011-03-01 Review Tim's pull request +TodoTxtTouch @github", done: true, bucket: .misc,
                title: "Review Tim's pull request #TodoTxtTouch #github", created: "2011-03-01", finished: "2011-03-02"),
        Reading(line: "(C) Mow the lawn", done: false, bucket: .misc, title: "Mow the lawn"),
        Reading(line: "(B) Pay the bill due:2026-12-04 t:2026-12-01", done: false, bucket: .complementary, title: "Pay the bill",
                due: "2026-12-04", on: "2026-12-01"),
        Reading(line: "x 2026-11-30 Ship it pri:A", done: true, bucket: .must, title: "Ship it", finished: "2026-11-30"),
        Reading(line: "Fix the gate due:soon key:value", done: false, bucket: .misc, title: "Fix the gate due:soon key:value"),
        Reading(line: "Read https://example.com/a:b", done: false, bucket: .misc, title: "Read https://example.com/a:b"),
    ]

    @Test(arguments: examples)
    func readsTodoTxtLines(_ expected: Reading) throws {
        let read = TodoTxt.tasks(in: Array(expected.line.utf8), named: "todo.txt")
        #expect(read.problems.isEmpty, "\(read.problems)")
        let foreign = try #require(read.tasks.first)
        #expect(read.tasks.count == 1)
        #expect(foreign.task.status == (expected.done ? .done : .todo))
        #expect(foreign.task.bucket == expected.bucket)
        #expect(foreign.task.title == expected.title)
        #expect(foreign.task.metadata.from == expected.created.map(Self.day))
        #expect(foreign.finished == expected.finished.map(Self.day))
        #expect(foreign.task.metadata.due == expected.due.map(Self.day))
        #expect(foreign.task.metadata.on == expected.on.map(Self.day))
        #expect(foreign.source == "todo.txt:1")
    }

    @Test func namesWhatStaysATitleWordAndRefusesWhatNoTaskCanHold() {
        let read = TodoTxt.tasks(in: Array("Fix the gate due:soon rec:1w\n\nPlan +a.b\nBad \u{7} bell\n".utf8), named: "todo.txt")
        #expect(read.tasks.map(\.kept) == [
            ["'due:soon' is no date (YYYY-MM-DD), and stays a word of the title", "'rec:1w' stays a word of the title: dayplan has no key rec"],
            ["'+a.b' is no tag dayplan reads, and stays a word of the title"],
        ])
        #expect(read.tasks.map(\.source) == ["todo.txt:1", "todo.txt:3"])
        #expect(read.problems.map(\.source) == ["todo.txt:4"])
        #expect(read.problems.first?.message.contains("control") == true || read.problems.first?.message.contains("U+0007") == true,
                "\(read.problems)")
    }

    @Test func readsADoneTxtAsDone() {
        let read = TodoTxt.tasks(in: Array("2026-11-20 Old chore\nx 2026-11-29 Pay rent\n".utf8), named: "done.txt", done: true)
        #expect(read.tasks.map(\.task.status) == [.done, .done])
        #expect(read.tasks.map(\.finished) == [nil, Self.day("2026-11-29")])
    }

    /// A task written as a todo.txt line reads back as the same task, for generated tasks.
    @Test func aTodoTxtLineReadsBackAsTheTask() throws {
        var random = SeededGenerator(seed: 60)
        let words = ["Call", "the", "bank", "2+2", "x-ray", "(b)", "soandso@example.com", "#home", "#work/garden", "Anna's"]
        for _ in 0..<300 {
            var title = (0..<(1 + random.next(5))).map { _ in words[random.next(words.count)] }
            if title.allSatisfy({ $0.hasPrefix("#") }) { title.insert("Plan", at: 0) }
            let open = random.next(2) == 0
            let day = Day(year: 2026, month: 11, day: 1 + random.next(28))!
            var metadata = TaskMetadata(from: random.next(2) == 0 ? day : nil)
            if random.next(3) == 0 { metadata.due = day.adding(days: 3) }
            if open, random.next(3) == 0 { metadata.on = day.adding(days: 1) }
            let bucket = Bucket.allCases[random.next(3)]
            let task = PlanTask(bucket: bucket, status: open ? .todo : .done, title: title.joined(separator: " "), metadata: metadata)
            let line = TodoTxt.line(task, finished: open ? nil : day.adding(days: 2))
            let read = TodoTxt.tasks(in: Array(line.utf8), named: "t")
            let back = try #require(read.tasks.first, "\(line): \(read.problems)")
            #expect(back.task == task, "\(line)")
            #expect(back.finished == (open ? nil : day.adding(days: 2)), "\(line)")
        }
    }

    static let export = """
        [
        {"id":1,"description":"Write the report","entry":"20261120T100000Z","modified":"20261120T100000Z","due":"20261204T000000Z",\
        "priority":"H","project":"work.reports","status":"pending","tags":["writing"],"uuid":"a",\
        "annotations":[{"entry":"20261121T080000Z","description":"ask Ana for the figures"}],"urgency":12.1},
        {"id":2,"description":"Call the bank","entry":"20261128T000000Z","priority":"M","status":"waiting","wait":"20261220T000000Z","uuid":"b"},
        {"id":0,"description":"Pay rent","end":"20261130T153000Z","entry":"20261125T090000Z","status":"completed","uuid":"c"},
        {"id":0,"description":"Old idea","end":"20261129T080000Z","entry":"20261120T000000Z","status":"deleted","priority":"L","uuid":"d"},
        {"id":0,"description":"Stretch","entry":"20261201T000000Z","recur":"daily","status":"recurring","uuid":"e"},
        {"id":3,"description":"Stretch","due":"20261202T000000Z","entry":"20261201T000000Z","recur":"daily","parent":"e","status":"pending","uuid":"f"},
        {"id":4,"description":"Water the plants","entry":"20261128T000000Z","scheduled":"20261201T000000Z","status":"pending","tags":["a.b"],"uuid":"g"}
        ]
        """

    /// Seconds since 1970 on a clock in UTC.
    static func utc(_ seconds: Int) -> LocalTime? {
        LocalTime(day: Day(year: 1970, month: 1, day: 1)!.adding(days: seconds / 86400), secondOfDay: seconds % 86400)
    }

    @Test func readsTaskwarriorsExport() {
        let read = Taskwarrior.tasks(in: Array(Self.export.utf8), named: "export.json", local: Self.utc)
        #expect(read.problems.isEmpty, "\(read.problems)")
        #expect(read.tasks.map(\.task.title) == ["Write the report #work/reports #writing", "Call the bank", "Pay rent", "Old idea", "Stretch",
                                                 "Water the plants"])
        #expect(read.tasks.map(\.task.status) == [.todo, .todo, .done, .cancelled, .todo, .todo])
        #expect(read.tasks.map(\.task.bucket) == [.must, .complementary, .misc, .misc, .misc, .misc])
        #expect(read.tasks.map(\.task.metadata.from) == ["2026-11-20", "2026-11-28", "2026-11-25", "2026-11-20", "2026-12-01", "2026-11-28"].map(Self.day))
        #expect(read.tasks[0].task.metadata.due == Self.day("2026-12-04"))
        #expect(read.tasks[0].task.notes == ["ask Ana for the figures"])
        #expect(read.tasks[1].task.metadata.on == Self.day("2026-12-20"), "wait, the day it shows again, is its @on:")
        #expect(read.tasks[5].task.metadata.on == Self.day("2026-12-01"))
        #expect(read.tasks[2].finished == Self.day("2026-11-30") && read.tasks[2].finishedSecond == 15 * 3600 + 30 * 60)
        #expect(read.tasks[4].kept == ["recur:daily is not kept on a day's task; a routine (@every:day) in the routines file repeats it"])
        #expect(read.tasks[5].kept == ["the tag 'a.b' is none dayplan reads, and is left out"])
        #expect(read.tasks.map(\.source) == ["export.json: [0]", "export.json: [1]", "export.json: [2]", "export.json: [3]", "export.json: [5]",
                                             "export.json: [6]"])
        #expect(read.leftOut.map(\.description) == ["export.json: [4]: left out: 'Stretch' is the template of a recurring task (recur:daily),"
                                                    + " whose instances come over as tasks"])
    }

    /// The routine named for `recur` is one dayplan reads, on the task's day (2026-12-04, a Friday).
    @Test func aRecurrenceIsNamedAsTheRoutineThatRepeatsIt() {
        let friday = Self.day("2026-12-04")
        #expect(["daily", "weekly", "monthly", "yearly", "biweekly"].map { Taskwarrior.routine(for: $0, on: friday) }
                == ["day", "fri", "month:4", "yearly:12-04", nil])
        #expect(Taskwarrior.routine(for: "weekly", on: nil) == nil)
    }

    @Test func refusesWhatIsNoTaskwarriorExport() {
        #expect(Taskwarrior.tasks(in: Array("not json".utf8), named: "e", local: Self.utc).problems.first?.message.contains("not JSON") == true)
        #expect(Taskwarrior.tasks(in: Array("3".utf8), named: "e", local: Self.utc).problems.first?.message.contains("not a list") == true)
        let bad = Taskwarrior.tasks(in: Array(#"[{"description":"x","status":"lost"},{"status":"pending"},{"description":"y","due":"2026-12-01"}]"#.utf8),
                                    named: "e", local: Self.utc)
        #expect(bad.problems.map(\.source) == ["e: [0]", "e: [1]", "e: [2]"], "\(bad.problems)")
        #expect(Taskwarrior.epochSeconds("20261202T000000Z") == Day(year: 2026, month: 12, day: 2)!.daysSinceEpoch * 86400)
        for text in ["20261302T000000Z", "20261202T250000Z", "2026-12-02", "20261202T000000"] {
            #expect(Taskwarrior.epochSeconds(text) == nil, "\(text)")
        }
    }
}
