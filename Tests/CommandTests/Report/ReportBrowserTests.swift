import Foundation
import Testing

/// The HTML report in a real browser: headless Chromium (Debian's `chromium`, installed by .ci/run) loads
/// the page with no network, and the test checks that it logs nothing to the console, that its SVG charts
/// are in the rendered page, that the dark colour scheme changes how it looks, and that it prints. Skipped,
/// with the reason shown, where Chromium is not installed.
@Suite(.serialized, .enabled(if: Browser.path != nil, "chromium is not installed (apt-get install chromium)"))
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
