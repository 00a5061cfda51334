import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
final class Slots<Result>: @unchecked Sendable {
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

/// Runs `work` for `0..<count` at once: each index but the last on a new thread, the last on the calling
/// thread; returns when all have finished. For a few large pieces of work (the three versions of a merge),
/// where a thread pool's start-up would cost more than it saves. An index whose thread cannot be started
/// runs on the calling thread.
func atOnce(_ count: Int, _ work: @escaping @Sendable (Int) -> Void) {
    final class Job: @unchecked Sendable {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }
    var threads: [pthread_t] = []
    var inline: [Int] = []
    for index in 0..<max(count - 1, 0) {
        let job = Unmanaged.passRetained(Job { work(index) }).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            let job = Unmanaged<Job>.fromOpaque(context!).takeRetainedValue()
            job.run()
            return nil
        }, job)
        if started == 0 {
            threads.append(thread)
        } else {
            Unmanaged<Job>.fromOpaque(job).release()
            inline.append(index)
        }
    }
    if count > 0 { work(count - 1) }
    for index in inline { work(index) }
    for thread in threads { pthread_join(thread, nil) }
}
