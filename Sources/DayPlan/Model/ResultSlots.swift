/// One result slot per piece of work that runs at once with others: each slot is written by one worker and
/// read once all have finished, so no two threads touch the same slot. What `DayMerge.merge` and the
/// command's batches collect their results in.
public final class ResultSlots<Result>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Result?>

    /// `count` empty slots.
    public init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    /// Puts `result` in slot `index`.
    public func set(_ index: Int, _ result: Result) { slots[index] = result }

    /// Takes the result out of slot `index`, if one was put there.
    public func take(_ index: Int) -> Result? {
        defer { slots[index] = nil }
        return slots[index]
    }
}
