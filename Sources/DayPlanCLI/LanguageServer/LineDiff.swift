/// The lines two texts differ in: the smallest set of replaced line runs (Myers' diff over lines), so that an
/// editor applying them keeps its cursor, folds and marks on every line that stays.
enum LineDiff {
    /// One run of old lines replaced by new ones: line indexes from 0, half-open.
    struct Hunk: Equatable {
        var old: Range<Int>
        var new: Range<Int>
    }

    /// Above this many differing lines the diff stops looking for the smallest edit and replaces the whole
    /// span between the common first and last lines, so that its time and memory stay bounded.
    static let largestSearch = 1_000

    /// Where each line of `bytes` starts, lines ending after `\n`; a last line without one counts too.
    static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        var index = 0
        while let newline = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) {
            index = newline + 1
            starts.append(index)
        }
        if starts.last == bytes.count { starts.removeLast() }
        return starts
    }

    /// The hunks that turn `old` into `new`, in order.
    static func hunks(from old: [UInt8], to new: [UInt8]) -> [Hunk] {
        let a = lines(of: old), b = lines(of: new)
        func same(_ i: Int, _ j: Int) -> Bool { a[i].hash == b[j].hash && old[a[i].range].elementsEqual(new[b[j].range]) }
        var prefix = 0
        while prefix < a.count, prefix < b.count, same(prefix, prefix) { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, same(a.count - 1 - suffix, b.count - 1 - suffix) {
            suffix += 1
        }
        let oldMiddle = prefix..<(a.count - suffix), newMiddle = prefix..<(b.count - suffix)
        if oldMiddle.isEmpty && newMiddle.isEmpty { return [] }
        if oldMiddle.isEmpty || newMiddle.isEmpty { return [Hunk(old: oldMiddle, new: newMiddle)] }
        return myers(oldMiddle, newMiddle, same) ?? [Hunk(old: oldMiddle, new: newMiddle)]
    }

    private static func lines(of bytes: [UInt8]) -> [(range: Range<Int>, hash: Int)] {
        let starts = lineStarts(bytes)
        return bytes.withUnsafeBytes { raw in
            starts.indices.map { index in
                let range = starts[index]..<(index + 1 < starts.count ? starts[index + 1] : bytes.count)
                var hasher = Hasher()
                hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: raw[range]))
                return (range, hasher.finalize())
            }
        }
    }

    /// Myers' O((N+M)·D) search, keeping each round's frontier to walk back; nil past `largestSearch` rounds.
    private static func myers(_ a: Range<Int>, _ b: Range<Int>, _ same: (Int, Int) -> Bool) -> [Hunk]? {
        let n = a.count, m = b.count
        let limit = min(n + m, largestSearch)
        // frontiers[d][k + d] is the furthest x on diagonal k after d differences.
        var frontiers: [[Int]] = []
        var previous: [Int] = [0]
        var found = false
        for d in 0...limit {
            var current = [Int](repeating: 0, count: 2 * d + 1)
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if d == 0 {
                    x = 0
                } else if k == -d || (k != d && previous[k - 1 + (d - 1)] < previous[k + 1 + (d - 1)]) {
                    x = previous[k + 1 + (d - 1)]
                } else {
                    x = previous[k - 1 + (d - 1)] + 1
                }
                var y = x - k
                while x < n, y < m, same(a.lowerBound + x, b.lowerBound + y) { x += 1; y += 1 }
                current[k + d] = x
                if x >= n, y >= m { found = true }
            }
            frontiers.append(current)
            previous = current
            if found { break }
        }
        guard found else { return nil }
        // Walk back from (n, m), collecting the edits, then gather them into runs.
        var edits: [(x: Int, y: Int, isInsert: Bool)] = []
        var x = n, y = m
        for d in stride(from: frontiers.count - 1, to: 0, by: -1) {
            let k = x - y
            let previous = frontiers[d - 1]
            let down = k == -d || (k != d && previous[k - 1 + (d - 1)] < previous[k + 1 + (d - 1)])
            let previousK = down ? k + 1 : k - 1
            let previousX = previous[previousK + (d - 1)]
            let previousY = previousX - previousK
            // Between this round's edit and (x, y) lie only lines that are the same: the edit is the one step
            // out of (previousX, previousY).
            edits.append(down ? (previousX, previousY, true) : (previousX, previousY, false))
            x = previousX
            y = previousY
        }
        var hunks: [Hunk] = []
        for edit in edits.reversed() {
            let old = edit.isInsert ? (a.lowerBound + edit.x)..<(a.lowerBound + edit.x) : (a.lowerBound + edit.x)..<(a.lowerBound + edit.x + 1)
            let new = edit.isInsert ? (b.lowerBound + edit.y)..<(b.lowerBound + edit.y + 1) : (b.lowerBound + edit.y)..<(b.lowerBound + edit.y)
            if var last = hunks.last, last.old.upperBound == old.lowerBound, last.new.upperBound == new.lowerBound {
                last.old = last.old.lowerBound..<old.upperBound
                last.new = last.new.lowerBound..<new.upperBound
                hunks[hunks.count - 1] = last
            } else {
                hunks.append(Hunk(old: old, new: new))
            }
        }
        return hunks
    }
}
