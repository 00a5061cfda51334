import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

/// The language server's fuzz sessions through the built `dayplan lsp`: every input the fuzzer ever broke it
/// with (`Tests/Fuzz/lsp-regressions/`), and seeded random ones, each turned into framed messages by
/// `LanguageServerScript` as the fuzzer turns them. The server must end by itself (it reads to the end of its
/// input, or to `exit`) with 0, 1 or 2, within a timeout, writing nothing but framed messages.
@Suite struct LanguageServerFuzzReplayTests {
    static let folder = Repository.url("Tests/Fuzz/lsp-regressions")

    /// Runs one session; returns what went wrong, or nil.
    static func replay(_ input: [UInt8]) throws -> String? {
        let plans = FileManager.default.temporaryDirectory.appendingPathComponent("dayplan-lsp-replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: plans, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: plans) }
        let client = try LanguageServerClient(environment: ["DAYPLAN_DIR": plans.path, "DAYPLAN_NOW": "1795262400"])
        let stream = LanguageServerScript.stream(from: input)
        guard client.feed(stream)(30) != nil else { return "took no more input for 30 s without ending" }
        client.closeInput()
        guard let status = client.exitStatus(timeout: 30) else { return "still running after 30 s" }
        guard client.process.terminationReason == .exit, [0, 1, 2].contains(status) else {
            return "ended by \(client.process.terminationReason == .uncaughtSignal ? "signal" : "exit code") \(status): \(client.standardError.suffix(2000))"
        }
        return client.garbage.isEmpty ? nil : "wrote something that is not a framed message: \(client.garbage.prefix(3))"
    }

    @Test func everyFuzzFindIsServedWithoutACrash() throws {
        let files = try FileManager.default.contentsOfDirectory(at: Self.folder, includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") }
        for file in files {
            let problem = try Self.replay([UInt8](Data(contentsOf: file)))
            #expect(problem == nil, "\(file.lastPathComponent): \(problem ?? "")")
        }
    }

    @Test func seededSessionsAreServedWithoutACrash() throws {
        var random = SplitMix64(seed: 33)
        for round in 0..<24 {
            let input = (0..<(Int(random.next() % 1500) + 50)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let problem = try Self.replay(input)
            #expect(problem == nil, "round \(round): \(problem ?? "")")
        }
    }

    /// The script itself: the same bytes make the same stream, and streams hold the framing it promises.
    @Test func scriptsAreRepeatableAndFramed() {
        var random = SplitMix64(seed: 7)
        let input = (0..<400).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let stream = LanguageServerScript.stream(from: input)
        #expect(stream == LanguageServerScript.stream(from: input))
        #expect(stream.starts(with: Array("Content-Length: ".utf8)))
        #expect(String(decoding: LanguageServerScript.stream(from: [1, 1]), as: UTF8.self).contains(#""method":"initialize""#))
    }
}
