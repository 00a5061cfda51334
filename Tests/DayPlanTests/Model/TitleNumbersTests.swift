import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// `TitleNumbers`: the merge's numbering of task titles, equal as Swift compares strings.
@Suite struct TitleNumbersTests {
    @Test func equalSpellingsShareANumberInOrderOfFirstSight() {
        var numbers = TitleNumbers(expected: 4)
        #expect(numbers.number("Call the bank") == 0)
        #expect(numbers.number("Write the talk") == 1)
        #expect(numbers.number("Call the bank") == 0)
        #expect(numbers.number("Call the bank #admin") == 2)
        #expect(numbers.number("") == 3)
        #expect(numbers.number("") == 3)
        #expect(numbers.count == 4)
    }

    /// Different titles beyond ASCII (Latin, Greek, kana, ideographs, emoji) get numbers of their own.
    @Test func differentTitlesBeyondASCIIGetNumbersOfTheirOwn() {
        var numbers = TitleNumbers(expected: 0)
        let titles = ["Café visit", "Cafe visit", "Ωmega straße", "日本語のメモ", "日本語のメモ 🚀", "Ünïcödé"]
        let given = titles.map { numbers.number($0) }
        #expect(given == Array(0..<titles.count))
        #expect(titles.map { numbers.number($0) } == given)
    }

    /// Spellings Swift holds equal get one number, whichever comes first, among other titles.
    @Test(arguments: ArchivedDayTests.equalTitles)
    func canonicallyEquivalentSpellingsShareANumber(_ a: String, _ b: String) {
        for (first, second) in [(a, b), (b, a)] {
            var numbers = TitleNumbers(expected: 0)
            let before = (0..<100).map { numbers.number("Task \($0)") }
            let one = numbers.number(first)
            #expect(numbers.number(second) == one)
            #expect(numbers.number(first) == one)
            #expect((0..<100).map { numbers.number("Task \($0)") } == before)
            #expect(numbers.count == 101)
        }
    }

    /// The table grows past what it was made for, keeping every number.
    @Test func growingKeepsEveryNumber() {
        var numbers = TitleNumbers(expected: 1)
        let titles = (0..<5_000).map { "Task number \($0) " + String(repeating: "x", count: $0 % 13) }
        #expect(titles.map { numbers.number($0) } == Array(titles.indices))
        #expect(titles.reversed().map { numbers.number($0) } == Array(titles.indices.reversed()))
        #expect(numbers.number("Cafe\u{301} visit") == titles.count)
        #expect(numbers.number("Café visit") == titles.count)
        #expect(numbers.number(titles[4_321]) == 4_321)
    }

    /// As a set of titles (rollover's "is it there already"): insert says whether a title is new, contains
    /// finds it in any canonically equivalent spelling, and neither disturbs the numbers.
    @Test func insertAndContainsMakeASetOfTitles() {
        var titles = TitleNumbers(expected: 2)
        #expect(!titles.contains("Café visit"))
        let first = titles.insert("Café visit")
        #expect(first)
        #expect(titles.contains("Cafe\u{301} visit"))
        let again = titles.insert("Cafe\u{301} visit")
        #expect(!again)
        let inserted = (0..<300).map { titles.insert("Task \($0)") }
        #expect(inserted.allSatisfy { $0 })
        #expect((0..<300).allSatisfy { titles.contains("Task \($0)") })
        #expect(!titles.contains("Task 300"))
        #expect(!titles.contains(""))
        #expect(titles.count == 301)
        let number = titles.number("Task 299")
        #expect(number == 300)
    }

    @Test func sameBytesComparesLengthAndEveryByte() {
        let long = Array("0123456789abcdefghij".utf8)
        #expect(sameBytes(long, long))
        #expect(sameBytes([], []))
        for index in long.indices {
            var changed = long
            changed[index] ^= 1
            #expect(!sameBytes(long, changed))
        }
        #expect(!sameBytes(long, Array(long.dropLast())))
        #expect(PlanTask.sameIdentity("Café", "Cafe\u{301}"))
        #expect(!PlanTask.sameIdentity("Café", "Cafe"))
    }
}
