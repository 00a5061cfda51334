import Dispatch

/// Does `work` for every path on all cores, a bounded batch at a time, and hands each result to `report` on
/// the calling thread in path order: output stays deterministic and memory stays flat however many files.
func forEachInBatches<Result>(_ paths: [String], batchSize: Int = 256,
                              work: @escaping @Sendable (String) -> Result,
                              report: (String, Result) -> Void) {
    var start = 0
    while start < paths.count {
        let batch = Array(paths[start..<min(start + batchSize, paths.count)])
        start += batch.count
        let slots = Slots<Result>(count: batch.count)
        DispatchQueue.concurrentPerform(iterations: batch.count) { index in
            slots.set(index, work(batch[index]))
        }
        for index in batch.indices {
            if let result = slots.take(index) { report(batch[index], result) }
        }
    }
}

/// One result slot per file of a batch, each written by one worker and read once all have finished.
private final class Slots<Result>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Result?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func set(_ index: Int, _ result: Result) { slots[index] = result }

    func take(_ index: Int) -> Result? {
        defer { slots[index] = nil }
        return slots[index]
    }
}
