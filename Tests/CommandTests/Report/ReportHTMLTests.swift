import Foundation
import Testing
import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync

/// The HTML report's charts read from its markup: a heat map with cells big enough to
/// see and its weekdays, months and legend labelled; every chart with a title and axis labels; the charts
/// over time placed by date, so a holiday is a gap; and the Backlog row with no planned or completion
/// figure. `ReportBrowserTests` checks the same page after Chromium has laid it out.
@Suite struct ReportHTMLTests {
    /// The HTML report of the holiday folder, with `arguments` added.
    static func page(_ arguments: [String] = []) throws -> String {
        let folder = try HolidayArchive.make()
        let run = try Binary.run(["report", "--format", "html"] + arguments, in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout
    }

    @Test func theHeatMapHasCellsToSeeAndItsLabels() throws {
        let html = try Self.page()
        let maps = Markup.elements("svg", withClass: "year", in: html)
        try #require(maps.count == 1)
        let cells = Markup.tags("rect", in: maps[0])
        #expect(cells.count == 45, "a square per calendar day of the report")
        for cell in cells {
            #expect(Double(cell["width"] ?? "") ?? 0 >= 14 && Double(cell["height"] ?? "") ?? 0 >= 14, "a cell of \(cell)")
        }
        let words = Markup.texts(in: maps[0])
        #expect(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].allSatisfy(words.contains), "weekdays: \(words)")
        #expect(words.contains("Oct") && words.contains("Nov"), "months: \(words)")
        let legend = try #require(Markup.elements("ul", withClass: "legend", in: html).first)
        for word in ["no plan", "under 25%", "25% to 49%", "50% to 74%", "75% or more"] {
            #expect(legend.contains(word), "the legend names \(word)")
        }
        #expect(Markup.tags("rect", in: legend).count == 5)
    }

    @Test func everyChartHasATitleAndAxisLabels() throws {
        let html = try Self.page()
        let figures = Markup.elements("figure", in: html)
        let charts = html.components(separatedBy: "<svg class=\"chart ").count - 1
        #expect(charts == 4, "completion, score, backlog, tags")
        #expect(figures.filter { $0.contains("<svg class=\"chart ") }.count == charts, "each chart in a figure")
        var titles: [String] = []
        for figure in figures where figure.contains("<svg class=\"chart ") {
            let caption = try #require(Markup.elements("figcaption", in: figure).first, "a figure without a title")
            titles.append(Markup.plain(caption))
            let axes = Markup.elements("text", withClass: "axis-label", in: figure).map(Markup.plain)
            #expect(axes.count == 2 && axes.allSatisfy { !$0.isEmpty }, "\(titles.last!): axis labels \(axes)")
        }
        #expect(titles == ["Completion per week", "Score per week", "Tasks in the backlog per day", "Top tags by tasks done"])
    }

    /// The circles of a chart as (x, the days its title names), in order.
    static func points(of chart: String) -> [(x: Double, days: [Day])] {
        Markup.elements("circle", in: chart).map { circle in
            let x = Double(Markup.tags("circle", in: circle).first?["cx"] ?? "") ?? .nan
            return (x, Markup.days(in: circle))
        }
    }

    @Test func theChartsPlaceDaysByDateAndAHolidayIsAGap() throws {
        let html = try Self.page()
        // Per day: the backlog.
        let backlog = try #require(Markup.elements("svg", withClass: "chart backlog", in: html).first)
        let days = Self.points(of: backlog)
        try #require(days.count == HolidayArchive.planDays.count)
        #expect(days.map { $0.days.first } == HolidayArchive.planDays)
        let perDay = (days[days.count - 1].x - days[0].x) / Double(days[0].days[0].days(until: days[days.count - 1].days[0]))
        #expect(perDay > 10)
        for (before, after) in zip(days, days.dropFirst()) {
            let apart = Double(before.days[0].days(until: after.days[0]))
            #expect(abs((after.x - before.x) - apart * perDay) < 0.2, "\(before.days[0]) to \(after.days[0])")
        }
        // The line stops at the holiday and starts again after it.
        let lines = Markup.tags("polyline", in: backlog).map { ($0["points"] ?? "").split(separator: " ").count }
        #expect(lines == [16, 18])
        // Per week: each point in the middle of its days; the week of the holiday has none.
        let completion = try #require(Markup.elements("svg", withClass: "chart completion", in: html).first)
        let weeks = Self.points(of: completion)
        #expect(weeks.map { $0.days.map(\.description) } == [
            ["2026-10-08", "2026-10-11"], ["2026-10-12", "2026-10-18"], ["2026-10-19", "2026-10-25"],
            ["2026-11-02", "2026-11-08"], ["2026-11-09", "2026-11-15"], ["2026-11-16", "2026-11-21"],
        ])
        for week in weeks where week.days.count == 2 {
            let start = days[0].days[0]
            let middle = days[0].x + perDay * (Double(start.days(until: week.days[0])) + Double(week.days[0].days(until: week.days[1])) / 2)
            #expect(abs(week.x - middle) < 0.2, "\(week.days)")
        }
        #expect(Markup.tags("polyline", in: completion).count == 2)
        // The holiday is shown and named.
        #expect(backlog.contains("no plan: 2026-10-24 to 2026-11-02 (10 days)"))
    }

    @Test func topTagsCountOnlyTheTagsAPersonWrote() throws {
        let folder = try HolidayArchive.make()
        let text = try Binary.run(["report"], in: folder.url).stdout
        let tags = text.components(separatedBy: "Top tags by tasks done:\n")[1].split(separator: "\n").map {
            $0.split(separator: " ").map(String.init)
        }
        let done = HolidayArchive.planDays.count
        // #work: the must task every day and the reviews done; #inbox only where it was written.
        #expect(tags.first == ["#work", String(done + HolidayArchive.planDays.indices.filter { $0 % 3 != 1 }.count)])
        #expect(tags.contains(["#inbox", String(HolidayArchive.writtenInbox)]))
        let html = try Self.page()
        let bars = try #require(Markup.elements("svg", withClass: "chart tags", in: html).first)
        #expect(Markup.texts(in: bars).filter { $0.hasPrefix("#") } == tags.compactMap { $0.first }.filter { $0.hasPrefix("#") })
    }

    @Test func theBacklogRowShowsNoPlannedOrCompletion() throws {
        let html = try Self.page()
        let row = try #require(Markup.elements("tr", in: html).first { $0.hasPrefix("<tr><td>Backlog</td>") || $0.contains(">Backlog<") })
        let cells = Markup.elements("td", in: row).map(Markup.plain)
        // name, planned, done, cancelled, moved on, open, completion
        #expect(cells.count == 7)
        #expect(cells[1] == "–" && cells[6] == "–", "\(cells)")
        #expect(cells[4] == String(3 * (HolidayArchive.planDays.count - 1)))
    }
}

/// Just enough of HTML and SVG markup to read the report's own page back: elements by name and class,
/// their attributes and text.
enum Markup {
    /// Each `<name …>…</name>` in `html` (not nested in one of its own kind), whole.
    static func elements(_ name: String, withClass wanted: String? = nil, in html: String) -> [String] {
        var found: [String] = []
        var rest = html[...]
        while let open = rest.range(of: "<\(name)") {
            let after = rest[open.upperBound...]
            guard let next = after.first, next == " " || next == ">" else { rest = after; continue }
            guard let close = after.range(of: "</\(name)>") else { break }
            let element = String(rest[open.lowerBound..<close.upperBound])
            if wanted.map({ tags(name, in: element).first?["class"] == $0 }) ?? true { found.append(element) }
            rest = rest[close.upperBound...]
        }
        return found
    }

    /// The attributes of each start tag `<name …>` in `html`.
    static func tags(_ name: String, in html: String) -> [[String: String]] {
        html.components(separatedBy: "<\(name) ").dropFirst().map { tag in
            var attributes: [String: String] = [:]
            let body = tag.prefix { $0 != ">" }
            for part in body.components(separatedBy: "\" ") {
                let pair = part.split(separator: "=", maxSplits: 1)
                guard pair.count == 2 else { continue }
                attributes[pair[0].trimmingCharacters(in: .whitespaces)] = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"/ "))
            }
            return attributes
        }
    }

    /// The text of each `<text>` element.
    static func texts(in html: String) -> [String] { elements("text", in: html).map(plain) }

    /// Markup without its tags.
    static func plain(_ html: String) -> String {
        var text = "", inTag = false
        for character in html {
            if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag { text.append(character) }
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The `YYYY-MM-DD` days written in `html`, in order.
    static func days(in html: String) -> [Day] {
        let scalars = Array(html.utf8)
        var days: [Day] = []
        var index = 0
        while index + 10 <= scalars.count {
            if let day = Day(String(decoding: scalars[index..<index + 10], as: UTF8.self)) {
                days.append(day)
                index += 10
            } else {
                index += 1
            }
        }
        return days
    }
}
