import Foundation
import Testing
import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync

/// The HTML report in a real browser: headless Chromium (Debian's `chromium`, installed by .ci/run) loads
/// the page with no network, and the test checks that it logs nothing to the console, that its SVG charts
/// are in the rendered page, that the dark colour scheme changes how it looks, and that it prints. Skipped,
/// with the reason shown, where Chromium is not installed.
@Suite(.tags(.slow), .serialized, .enabled(if: Browser.path != nil, "chromium is not installed (apt-get install chromium)"))
struct ReportBrowserTests {
    /// The report of `archive` written as HTML into `folder`.
    func page(_ archive: URL, in folder: TemporaryFolder) throws -> URL {
        let file = folder.url.appendingPathComponent("report.html")
        let run = try Binary.run(["report", "--format", "html", "-o", file.path], in: archive)
        #expect(run.status == 0, "\(run.stderr)")
        return file
    }

    @Test(arguments: ["Examples/week", "Tests/CommandTests/Report/Fixtures/year"])
    func rendersWithoutConsoleMessagesAndWithItsCharts(_ archive: String) throws {
        let folder = try TemporaryFolder()
        let file = try page(Repository.url(archive), in: folder)
        let result = try Browser.run(["--dump-dom", file.absoluteString], in: folder)
        #expect(result.status == 0)
        #expect(result.consoleMessages == [], "the page logged to the console")
        let dom = result.stdout
        #expect(dom.contains("<h1>Day plan report</h1>"))
        for chart in ["class=\"chart completion\"", "class=\"chart score\"", "class=\"chart backlog\"", "class=\"chart tags\"",
                      "class=\"year\""] {
            #expect(dom.contains("<svg \(chart)"), "no \(chart) in the rendered page")
        }
        #expect(dom.components(separatedBy: "<rect ").count > 10)
        #expect(dom.contains("<polyline class=\"series\""))
    }

    /// Measures the laid-out page: a script added to a copy of it (the report itself has none) writes what
    /// Chromium laid out into the page, as JSON, and `--dump-dom` hands it back.
    static let measuring = """
        <script>
        const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; };
        const m = { pageWidth: document.documentElement.scrollWidth, windowWidth: window.innerWidth };
        m.cells = [...document.querySelectorAll("svg.year rect")].map(box);
        m.figures = [...document.querySelectorAll("figure")].filter((f) => f.querySelector("svg.chart")).map((f) => ({
          caption: (f.querySelector("figcaption") || { textContent: "" }).textContent,
          captionBox: f.querySelector("figcaption") ? box(f.querySelector("figcaption")) : [0, 0, 0, 0],
          axes: [...f.querySelectorAll("text.axis-label")].map((t) => [t.textContent, box(t)]),
          ticks: [...f.querySelectorAll("text.tick")].map(box),
          chart: box(f.querySelector("svg.chart")) }));
        m.backlog = [...document.querySelectorAll("svg.chart.backlog circle")].map((c) => [c.textContent.slice(0, 10), box(c)]);
        document.body.insertAdjacentHTML("beforeend", "<pre id=measured>" + JSON.stringify(m) + "</pre>");
        </script>
        """

    /// Whether two boxes (`[left, top, width, height]`) overlap.
    static func overlap(_ a: [Double], _ b: [Double]) -> Bool {
        a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3]
    }

    /// The report of 45 days with a ten-day holiday (`HolidayArchive`) as Chromium lays it out in a window
    /// 1000 pixels wide: heat-map cells at least 14 pixels square, every chart with a title and two axis
    /// labels that can be seen, tick labels that do not overlap, the page no wider than the window, and the
    /// backlog's points apart by their days, the holiday a gap. The screenshot's path is printed.
    @Test func theHolidayReportAsLaidOut() throws {
        let archive = try HolidayArchive.make()
        let folder = try TemporaryFolder()
        let file = try page(archive.url, in: folder)
        let html = try String(contentsOf: file, encoding: .utf8)
        let measured = try folder.write("measured.html", html.replacingOccurrences(of: "</body>", with: Self.measuring + "</body>"))
        let result = try Browser.run(["--window-size=1000,1400", "--dump-dom", measured.absoluteString], in: folder)
        #expect(result.status == 0)
        #expect(result.consoleMessages == [], "the page logged to the console")
        let json = try #require(result.stdout.components(separatedBy: "<pre id=\"measured\">").dropFirst().first?
            .components(separatedBy: "</pre>").first, "nothing measured: \(result.stdout.suffix(300))")
        let m = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let pageWidth = try #require(m["pageWidth"] as? Double), windowWidth = try #require(m["windowWidth"] as? Double)
        #expect(pageWidth <= windowWidth, "the page is wider than the window")

        let cells = try #require(m["cells"] as? [[Double]])
        #expect(cells.count == 45)
        #expect(cells.allSatisfy { $0[2] >= 14 && $0[3] >= 14 }, "the smallest cell: \(cells.map { min($0[2], $0[3]) }.min() ?? 0) px")

        let figures = try #require(m["figures"] as? [[String: Any]])
        #expect(figures.count == 4)
        for figure in figures {
            let caption = figure["caption"] as? String ?? ""
            #expect(!caption.isEmpty && ((figure["captionBox"] as? [Double])?[3] ?? 0) > 8, "a chart without a visible title")
            let axes = figure["axes"] as? [[Any]] ?? []
            #expect(axes.count == 2, "\(caption): \(axes.count) axis labels")
            for axis in axes {
                #expect(((axis[1] as? [Double])?[2] ?? 0) > 10 && ((axis[1] as? [Double])?[3] ?? 0) > 5, "\(caption): \(axis[0]) cannot be seen")
            }
            let ticks = figure["ticks"] as? [[Double]] ?? []
            #expect(ticks.count >= 3, "\(caption): \(ticks.count) tick labels")
            for (index, tick) in ticks.enumerated() {
                for other in ticks[(index + 1)...] { #expect(!Self.overlap(tick, other), "\(caption): tick labels overlap at \(tick)") }
            }
        }

        let points = try #require(m["backlog"] as? [[Any]])
        let days: [Day] = points.compactMap { point in (point[0] as? String).flatMap { Day($0) } }
        let centres: [Double] = points.compactMap { point in (point[1] as? [Double]).map { $0[0] + $0[2] / 2 } }
        try #require(days == HolidayArchive.planDays && centres.count == days.count)
        let perDay = (centres[centres.count - 1] - centres[0]) / Double(days[0].days(until: days[days.count - 1]))
        let before = try #require(days.lastIndex { $0 < HolidayArchive.holiday.lowerBound })
        #expect(abs((centres[before + 1] - centres[before]) - 11 * perDay) < 1, "the holiday is 11 days from plan to plan")
        #expect(abs((centres[1] - centres[0]) - perDay) < 1)

        // A picture to look at: the whole page.
        let shots = FileManager.default.temporaryDirectory.appendingPathComponent("dayplan-report-screenshots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        let shot = shots.appendingPathComponent("holiday-report.png")
        try? FileManager.default.removeItem(at: shot)
        #expect(try Browser.run(["--screenshot=\(shot.path)", "--window-size=1000,2600", "--hide-scrollbars", file.absoluteString],
                                in: folder).status == 0)
        #expect(try Data(contentsOf: shot).starts(with: [0x89, 0x50, 0x4E, 0x47]))
        print("ReportBrowserTests: the holiday report's screenshot is \(shot.path)")
    }

    @Test func theConsoleCheckCatchesAnError() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("broken.html", "<!DOCTYPE html><title>x</title><script>console.error('broken on purpose')</script>")
        let result = try Browser.run(["--dump-dom", file.absoluteString], in: folder)
        #expect(result.consoleMessages.count == 1)
        #expect(result.consoleMessages.first?.contains("broken on purpose") == true)
    }

    @Test func lightDarkAndPrint() throws {
        let folder = try TemporaryFolder()
        let file = try page(Repository.url("Examples/week"), in: folder)
        let light = folder.url.appendingPathComponent("light.png"), dark = folder.url.appendingPathComponent("dark.png")
        let size = "--window-size=1000,1400"
        #expect(try Browser.run(["--screenshot=\(light.path)", size, "--hide-scrollbars", file.absoluteString], in: folder).status == 0)
        #expect(try Browser.run(["--screenshot=\(dark.path)", size, "--hide-scrollbars", "--force-dark-mode", file.absoluteString], in: folder).status == 0)
        let lightBytes = try Data(contentsOf: light), darkBytes = try Data(contentsOf: dark)
        #expect(lightBytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(darkBytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(lightBytes != darkBytes, "prefers-color-scheme: dark changed nothing")
        let pdf = folder.url.appendingPathComponent("report.pdf")
        #expect(try Browser.run(["--print-to-pdf=\(pdf.path)", "--no-pdf-header-footer", file.absoluteString], in: folder).status == 0)
        #expect(try Data(contentsOf: pdf).starts(with: Array("%PDF".utf8)))
    }
}

/// Headless Chromium, run as a command.
enum Browser {
    /// The installed Chromium, if any.
    static let path: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// What one run printed.
    struct Result {
        let status: Int32
        let stdout: String
        /// Lines the page logged to its console (`console.error`, failed loads, CSS and SVG errors reported there).
        let consoleMessages: [String]
    }

    /// Runs headless Chromium with `arguments`, offline, with its profile in `folder`, for at most two minutes.
    static func run(_ arguments: [String], in folder: TemporaryFolder) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["120", path ?? "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                             "--user-data-dir=\(folder.url.appendingPathComponent("profile").path)",
                             "--enable-logging=stderr", "--v=0", "--proxy-server=127.0.0.1:9", "--proxy-bypass-list=<-loopback>"]
            + arguments
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": folder.url.path, "TZ": "UTC"]
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { errData = error.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        group.wait()
        let log = String(decoding: errData, as: UTF8.self).split(separator: "\n").map(String.init)
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      consoleMessages: log.filter { $0.contains(":CONSOLE") })
    }
}
