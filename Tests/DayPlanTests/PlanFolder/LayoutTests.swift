import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

@Suite struct LayoutTests {
    @Test(arguments: [
        ("YYYY-MM-DD.md", "2026-11-23.md"),
        ("YYYY/MM/YYYY-MM-DD.md", "2026/11/2026-11-23.md"),
        ("YYYY/YYYY-MM-DD.md", "2026/2026-11-23.md"),
        ("daily/YYYY-MM-DD.md", "daily/2026-11-23.md"),
        ("journal/YYYY/MM-ddd DD/YYYY-MM-DD.md", "journal/2026/11-Mon 23/2026-11-23.md"),
    ])
    func placesEachDayAndReadsItBack(_ pattern: String, _ expected: String) throws {
        let layout = try Layout(pattern)
        let day = try #require(Day("2026-11-23"))
        #expect(layout.path(for: day) == expected)
        #expect(layout.day(ofPath: expected) == day)
        #expect(Layout(inferredFrom: expected)?.path(for: day.adding(days: 40)) == layout.path(for: day.adding(days: 40)))
    }

    @Test func aPathElsewhereIsNotInTheLayout() throws {
        let layout = try Layout("YYYY/MM/YYYY-MM-DD.md")
        #expect(layout.day(ofPath: "2026-11-23.md") == nil)
        #expect(layout.day(ofPath: "2026/12/2026-11-23.md") == nil)
        #expect(layout.day(ofPath: "2026/11/notes.md") == nil)
        #expect(layout.day(ofPath: "2026/02/2026-02-30.md") == nil)
        #expect(layout.folder(for: try #require(Day("2026-02-03"))) == "2026/02")
        #expect(Layout.flat.folder(for: try #require(Day("2026-02-03"))) == "")
    }

    @Test func infersTheDigitsThatAreTheFilesDate() throws {
        #expect(Layout(inferredFrom: "2026-11-20.md") == .flat)
        #expect(Layout(inferredFrom: "2026/11/2026-11-20.md")?.pattern == "YYYY/MM/YYYY-MM-DD.md")
        #expect(Layout(inferredFrom: "notes/daily 2026/2026-11-20.md")?.pattern == "notes/daily YYYY/YYYY-MM-DD.md")
        #expect(Layout(inferredFrom: "2026-11/Fri/2026-11-20.md")?.pattern == "YYYY-MM/ddd/YYYY-MM-DD.md")
        // The month wins over the day when they are the same number; other digits stay literal.
        #expect(Layout(inferredFrom: "2026/11/2026-11-11.md")?.pattern == "YYYY/MM/YYYY-MM-DD.md")
        #expect(Layout(inferredFrom: "v2/2026-11-20.md")?.pattern == "v2/YYYY-MM-DD.md")
        #expect(Layout(inferredFrom: "notes.md") == nil)
        #expect(Layout(inferredFrom: ".hidden/2026-11-20.md") == nil)
        // Any string: a part of a longer path reads as the path itself.
        let listed = "plans/2026/11/2026-11-20.md"
        let inside = listed.dropFirst("plans/".count)
        #expect(Layout(inferredFrom: inside)?.pattern == "YYYY/MM/YYYY-MM-DD.md")
        #expect(Layout(inferredFrom: inside)?.day(ofPath: inside) == Day("2026-11-20"))
    }

    /// Folders a person named (`ADD Log`, `MMA training`) are literal, however they spell; rolling a
    /// day over in them keeps the folder, day after day.
    @Test(arguments: ["ADD Log", "MMA training", "Daily/ADD Log", "DDay", "YYYYs of notes"])
    func aFolderNamedByThePersonIsLiteral(_ folder: String) throws {
        let day = try #require(Day("2025-03-10"))
        let layout = try #require(Layout(inferredFrom: "\(folder)/2025-03-10.md"))
        for offset in [1, 2, 40, 400] {
            #expect(layout.path(for: day.adding(days: offset)) == "\(folder)/\(day.adding(days: offset)).md")
        }
        #expect(try Layout("\(folder)/YYYY-MM-DD.md").path(for: day) == "\(folder)/2025-03-10.md")
    }

    /// Tokens stand alone or run together (`YYYYMM`), as old settings files write them; braces mark tokens inside
    /// words, and make everything else literal.
    @Test(arguments: [
        ("YYYYMM/YYYY-MM-DD.md", "202511/2025-11-03.md"),
        ("Daily YYYY/MM-ddd/YYYY-MM-DD.md", "Daily 2025/11-Mon/2025-11-03.md"),
        ("{YYYY}/ADD Log {MM}/{YYYY}-{MM}-{DD}.md", "2025/ADD Log 11/2025-11-03.md"),
        ("x{YYYY}y/DD{MM}/{YYYY}-{MM}-{DD}.md", "x2025y/DD11/2025-11-03.md"),
        ("{MMM}/{YYYY}-{MM}-{DD}.md", "{MMM}/2025-11-03.md"),
    ])
    func tokensAloneTogetherOrInBraces(_ pattern: String, _ expected: String) throws {
        let layout = try Layout(pattern)
        let day = try #require(Day("2025-11-03"))
        #expect(layout.path(for: day) == expected)
        #expect(layout.day(ofPath: expected) == day)
    }

    /// A folder literally named like a token is inferred in braces, so that it stays as it is.
    @Test func aFolderNamedLikeATokenIsInferredInBraces() throws {
        let layout = try #require(Layout(inferredFrom: "MM/2026/2026-11-20.md"))
        #expect(layout.pattern == "MM/{YYYY}/{YYYY}-{MM}-{DD}.md")
        #expect(layout.path(for: try #require(Day("2027-01-02"))) == "MM/2027/2027-01-02.md")
    }

    @Test(arguments: [
        ("", "the layout is empty"),
        ("/plans/YYYY-MM-DD.md", "starts with /"),
        ("YYYY/MM/DD.md", "must end with the file name YYYY-MM-DD.md"),
        ("YYYY//YYYY-MM-DD.md", "empty folder name"),
        ("../YYYY-MM-DD.md", "may not use . or .."),
        (".daily/YYYY-MM-DD.md", "hidden folder `.daily`"),
    ])
    func refusesWhatCannotBeALayout(_ pattern: String, _ message: String) {
        #expect(throws: LayoutError.self) { try Layout(pattern) }
        do {
            _ = try Layout(pattern)
        } catch {
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test func weekdaysFollowTheCalendar() throws {
        #expect(Weekday(of: try #require(Day("1970-01-01"))) == .thursday)
        #expect(Weekday(of: try #require(Day("2026-11-23"))) == .monday)
        #expect(Weekday(of: try #require(Day("2026-11-22"))).name == "Sunday")
        #expect(Weekday(of: try #require(Day("1969-12-31"))).abbreviation == "Wed")
        #expect(Weekday(of: try #require(Day("2000-02-29"))) == .tuesday)
    }
}
