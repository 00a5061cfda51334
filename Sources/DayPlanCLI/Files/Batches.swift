import DayPlan
import Dispatch

/// Does `work` for every item (a path, say) on all cores, a bounded batch at a time, and hands each result to
/// `report` on the calling thread in the items' order: output stays deterministic and memory stays flat
/// however many items.
func forEachInBatches<Item: Sendable, Result>(_ items: [Item], batchSize: Int = 256,
                                              work: @escaping @Sendable (Item) -> Result,
                                              report: (Item, Result) -> Void) {
    var start = 0
    while start < items.count {
        let batch = Array(items[start..<min(start + batchSize, items.count)])
        start += batch.count
        let slots = ResultSlots<Result>(count: batch.count)
        DispatchQueue.concurrentPerform(iterations: batch.count) { index in
            slots.set(index, work(batch[index]))
        }
        for index in batch.indices {
            if let result = slots.take(index) { report(batch[index], result) }
        }
    }
}

/// How many parts of one output (a run of a report's days, of query's lines) are made on all cores before
/// they are written: enough to keep the cores busy, few enough that the output is never held whole.
let outputRunsInFlight = 8
