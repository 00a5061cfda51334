/// Numbers titles: equal titles (as Swift's `String` compares them: canonically equivalent Unicode is
/// equal) get the same number, the first title met gets 0, the next new one 1, and so on.
///
/// The merge numbers every task of three versions of a day, and rollover's check every task of the files it
/// reads and writes, so the cost per title counts: titles are looked up by `PlanTask.identityHash` (made from
/// the bytes of nearly every title) in a table of their own, and compared by `PlanTask.sameIdentity` (their
/// bytes before `String` compares them).
struct TitleNumbers {
    /// The titles numbered so far, by number, and the hash of each.
    private var titles: [String] = []
    private var hashes: [Int] = []
    /// Open addressing: a slot holds a number + 1 (0: empty), at the slot its title's hash picks or after it.
    private var slots: [Int32]
    private var mask: Int

    /// A table for about `expected` titles.
    init(expected: Int) {
        var capacity = 64
        while capacity < expected * 2 { capacity *= 2 }
        slots = [Int32](repeating: 0, count: capacity)
        mask = capacity - 1
        titles.reserveCapacity(expected)
        hashes.reserveCapacity(expected)
    }

    /// How many different titles have been numbered.
    var count: Int { titles.count }

    /// The number of `title`, given on first sight.
    mutating func number(_ title: String) -> Int {
        number(title, hash: PlanTask.identityHash(title))
    }

    /// The number of `title`, given on first sight, when its `PlanTask.identityHash` is known.
    mutating func number(_ title: String, hash: Int) -> Int {
        let (found, slot) = find(title, hash: hash)
        if let found { return found }
        let number = titles.count
        slots[slot] = Int32(truncatingIfNeeded: number + 1)
        titles.append(title)
        hashes.append(hash)
        if titles.count * 2 > slots.count { grow() }
        return number
    }

    /// Numbers `title` and says whether it is new: a set of titles by identity, for rollover's "is this task
    /// there already".
    mutating func insert(_ title: String) -> Bool {
        let before = titles.count
        return number(title) == before
    }

    /// Whether `title` has a number already.
    func contains(_ title: String) -> Bool {
        find(title, hash: PlanTask.identityHash(title)).number != nil
    }

    /// The number of `title`, if it has one, else the empty slot where its number goes.
    private func find(_ title: String, hash: Int) -> (number: Int?, slot: Int) {
        var slot = hash & mask
        while slots[slot] != 0 {
            let number = Int(slots[slot]) - 1
            if hashes[number] == hash, PlanTask.sameIdentity(titles[number], title) { return (number, slot) }
            slot = (slot + 1) & mask
        }
        return (nil, slot)
    }

    /// Twice the slots, every number placed again.
    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        mask = slots.count - 1
        for (number, hash) in hashes.enumerated() {
            var slot = hash & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(truncatingIfNeeded: number + 1)
        }
    }
}
