/// A three-way merge of two sequences that both changed a common ancestor, as `diff3 -m` does it.
///
/// Each side is compared with the ancestor (a longest common subsequence, found with Myers' algorithm);
/// where both sides kept an element of the ancestor the merge is in step. Between two such points, a
/// stretch that only one side changed takes that side's version, one that both changed alike takes it
/// once, and one that both changed differently is a conflict that the caller resolves (by markers, or
/// by knowing what the elements mean).
enum Diff3 {
    /// One stretch of the merge.
    ///
    /// Its element type has no requirement: an array of chunks has its type made at run time, at first use,
    /// and a requirement (`Hashable`) would have that search the program's conformances for it.
    enum Chunk<Element> {
        /// Elements the merge settles: unchanged, or changed by one side only, or alike on both.
        case resolved([Element])
        /// A stretch both sides changed differently: what the ancestor, ours and theirs hold there.
        case conflict(base: [Element], ours: [Element], theirs: [Element])
    }

    /// How many edits a comparison looks for before it gives up finding more common elements in the stretch
    /// between the common start and end; past it, that stretch counts as replaced (a larger conflict, never
    /// a wrong merge). Keeps time and memory bounded on unrelated inputs.
    static let editLimit = 2_000

    /// The three-way merge of `ours` and `theirs`, both descended from `base`, in order.
    static func merge<Element: Hashable>(base: [Element], ours: [Element], theirs: [Element]) -> [Chunk<Element>] {
        // Elements become small integers, so that the comparisons are cheap whatever the elements are.
        var ids = Numbering<Element>()
        func number(_ sequence: [Element]) -> [Int] {
            sequence.map { ids.number($0) }
        }
        return merge(base, ours, theirs, numbered: number(base), number(ours), number(theirs))
    }

    /// The three-way merge of sequences of integers that are compared as they are (the caller numbered
    /// its elements already), in order.
    static func merge(integers base: [Int], ours: [Int], theirs: [Int]) -> [Chunk<Int>] {
        merge(base, ours, theirs, numbered: base, ours, theirs)
    }

    /// The merge itself: `b`, `o` and `t` number the elements of `base`, `ours` and `theirs` (equal
    /// elements, equal numbers).
    private static func merge<Element: Hashable>(_ base: [Element], _ ours: [Element], _ theirs: [Element],
                                                 numbered b: [Int], _ o: [Int], _ t: [Int]) -> [Chunk<Element>] {
        let toOurs = matches(b, o), toTheirs = matches(b, t)

        var chunks: [Chunk<Element>] = []
        // Settled elements gather here until a conflict or the end, so that a long run is one chunk.
        var settled: [Element] = []
        func add(_ elements: ArraySlice<Element>) { settled += elements }
        func flush() {
            if !settled.isEmpty { chunks.append(.resolved(settled)) }
            settled = []
        }
        var i = 0, j = 0, k = 0
        while i < b.count || j < o.count || k < t.count {
            if i < b.count, toOurs[i] == j, toTheirs[i] == k {
                add(base[i...i])
                i += 1; j += 1; k += 1
                continue
            }
            // The next element of the ancestor that both sides kept, or the ends.
            var s = i
            while s < b.count, toOurs[s] < 0 || toTheirs[s] < 0 { s += 1 }
            let jEnd = s < b.count ? toOurs[s] : o.count
            let kEnd = s < b.count ? toTheirs[s] : t.count
            let inBase = b[i..<s], inOurs = o[j..<jEnd], inTheirs = t[k..<kEnd]
            if inOurs.elementsEqual(inBase) {
                add(theirs[k..<kEnd])
            } else if inTheirs.elementsEqual(inBase) || inOurs.elementsEqual(inTheirs) {
                add(ours[j..<jEnd])
            } else {
                flush()
                chunks.append(.conflict(base: Array(base[i..<s]), ours: Array(ours[j..<jEnd]),
                                        theirs: Array(theirs[k..<kEnd])))
            }
            i = s; j = jEnd; k = kEnd
        }
        flush()
        return chunks
    }

    /// For each element of `a`, the index of the element of `b` it is matched with in a longest common
    /// subsequence (or, past `editLimit`, a common subsequence), or -1.
    static func matches(_ a: [Int], _ b: [Int]) -> [Int] {
        var result = [Int](repeating: -1, count: a.count)
        // The common start and end, matched directly: most edits of a day file leave most of it alone.
        var start = 0
        while start < a.count, start < b.count, a[start] == b[start] {
            result[start] = start
            start += 1
        }
        var endA = a.count, endB = b.count
        while endA > start, endB > start, a[endA - 1] == b[endB - 1] {
            endA -= 1; endB -= 1
            result[endA] = endB
        }
        let n = endA - start, m = endB - start
        guard n > 0, m > 0 else { return result }

        // Myers: v[k] is the furthest x reached on diagonal k; trace[d] keeps v[-d-1...d+1] before step d.
        let largest = n + m
        let offset = largest + 1
        var v = [Int](repeating: 0, count: 2 * largest + 3)
        var trace: [[Int]] = []
        var reached = false
        var d = 0
        search: while d <= min(largest, editLimit) {
            trace.append(Array(v[(offset - d - 1)...(offset + d + 1)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[start + x] == b[start + y] { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n, y >= m {
                    reached = true
                    break search
                }
            }
            d += 1
        }
        guard reached else { return result }
        var x = n, y = m
        while d >= 0 {
            let before = trace[d]
            func at(_ k: Int) -> Int { before[k + d + 1] }
            let k = x - y
            let previous = k == -d || (k != d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1
            let previousX = at(previous), previousY = previousX - previous
            while x > previousX, y > previousY {
                x -= 1; y -= 1
                result[start + x] = start + y
            }
            if d > 0 { x = previousX; y = previousY }
            d -= 1
        }
        return result
    }
}

extension Diff3.Chunk: Equatable where Element: Equatable {}
