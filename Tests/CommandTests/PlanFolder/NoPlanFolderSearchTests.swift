import Foundation
import Testing

/// A writer pointed at a big folder that is no plan (the system's temporary folder, a home folder) gives up
/// after a bounded search for a first day file, rather than walk the whole tree, and writes nothing there.
@Suite struct NoPlanFolderSearchTests {
    @Test func aBigTreeWithoutADayFileIsRefusedAfterABoundedSearch() throws {
        let folder = try TemporaryFolder()
        // More folders than the search reads, none holding a day file; one beyond the bound holds a note.
        for index in 0..<2_100 {
            try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("d\(index)/sub"), withIntermediateDirectories: true)
        }
        try folder.write("d9/sub/notes.md", "- [ ] not a day file\n")
        let before = try folder.listing()
        for command in [["rollover"], ["add", "Tea"]] {
            let run = try Binary.run(command + ["--dir", folder.url.path], in: folder.url)
            #expect(run.status == 2, "\(command): \(run.stderr)")
            #expect(run.stderr.contains("is not a plan folder: it has no .dayplan/ and no day file (YYYY-MM-DD.md) in the first 2000 "
                                        + "folders below it (the rest was not searched), so nothing was written"), "\(run.stderr)")
        }
        // Nothing made there, not even the lock file.
        #expect(try folder.listing() == before)
    }

    @Test func aDayFileFoundWithinTheBoundIsAPlan() throws {
        let folder = try TemporaryFolder()
        for index in 0..<50 { try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("x\(index)"), withIntermediateDirectories: true) }
        try folder.write("2026/11/2026-11-20.md", "# 2026-11-20\n\n## Morning\n- [ ] Tea\n")
        let run = try Binary.run(["rollover"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try folder.read("2026/11/2026-11-21.md").contains("- [ ] Tea @from:2026-11-20"))
    }
}
