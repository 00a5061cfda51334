/// The line-by-line three-way merge `dayplan merge` falls back to for files it cannot merge task by task:
/// what `git merge-file` does, with conflicts between standard markers.
enum TextMerge {
    /// The labels of the two sides on the markers: `<<<<<<< ours`, `>>>>>>> theirs`.
    static let oursLabel = "ours", theirsLabel = "theirs"

    /// Merges three files line by line; returns the merged bytes and how many conflicts they hold.
    static func merge(base: [UInt8], ours: [UInt8], theirs: [UInt8]) -> (bytes: [UInt8], conflicts: Int) {
        let ending: [UInt8] = ours.firstIndex(of: 0x0A).map { $0 > 0 && ours[$0 - 1] == 0x0D } == true ? [0x0D, 0x0A] : [0x0A]
        var output: [UInt8] = []
        output.reserveCapacity(max(ours.count, theirs.count) + 64)
        var conflicts = 0
        // A side's last line without a line ending gets one before a marker, which must start a line.
        func block(_ lines: [ArraySlice<UInt8>]) {
            for line in lines { output.append(contentsOf: line) }
            if let last = output.last, last != 0x0A { output.append(contentsOf: ending) }
        }
        for chunk in Diff3.merge(base: lines(base), ours: lines(ours), theirs: lines(theirs)) {
            switch chunk {
            case .resolved(let lines):
                for line in lines { output.append(contentsOf: line) }
            case .conflict(_, let mine, let other):
                conflicts += 1
                if let last = output.last, last != 0x0A { output.append(contentsOf: ending) }
                output.append(contentsOf: Array("<<<<<<< \(oursLabel)".utf8) + ending)
                block(mine)
                output.append(contentsOf: Array("=======".utf8) + ending)
                block(other)
                output.append(contentsOf: Array(">>>>>>> \(theirsLabel)".utf8) + ending)
            }
        }
        return (output, conflicts)
    }

    /// The lines of a file, each with its line ending; the last may have none.
    static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        forEachLine(in: bytes) { lines.append(bytes[$0]) }
        return lines
    }
}
