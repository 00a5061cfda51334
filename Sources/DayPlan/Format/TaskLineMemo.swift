/// Task lines already read, by their bytes, with what reading each gave: for reading several versions of one
/// day that share most of their lines (a merge's three versions and its result), so that each distinct task
/// line is read once (`Parser.memo`).
///
/// Reading a task's line depends on its bytes alone (its notes and its place are read apart), so a line
/// found here reads as the parser would read it again. Only lines read without a finding are kept: a line
/// with one is read again each time, and its findings are made where it stands.
///
/// A class, so that the parser and whoever it hands tasks to share one; its state is held behind a pointer
/// of its own, so that using it costs no exclusivity check per access (a class's stored `var`s have one).
final class TaskLineMemo {
    private struct Storage {
        /// The bytes of every line kept, one after the other; line n's from `keyStarts[n]`, `keyCounts[n]` long.
        var keys: [UInt8] = []
        var keyStarts: [Int] = []
        var keyCounts: [Int] = []
        var hashes: [Int] = []
        /// What reading each line gave: its task, without place or notes.
        var tasks: [PlanTask] = []
        /// `PlanTask.identityHash` of each line's title, once asked for.
        var identityHashes: [Int?] = []
        /// Whether each line is its task's canonical line: 0 not yet known, 1 it is, 2 it is not.
        var canonical: [UInt8] = []
        /// Open addressing: each slot holds a line's number, or -1.
        var slots: [Int32] = []
        /// Where a line is printed to see whether it is canonical.
        var printed: [UInt8] = []
        var lastEntry = -1
    }

    private let storage: UnsafeMutablePointer<Storage>

    /// Room for about `expected` distinct lines before the table grows.
    init(expected: Int) {
        var capacity = 64
        while capacity < expected * 2 { capacity *= 2 }
        var storage = Storage()
        storage.slots = [Int32](repeating: -1, count: capacity)
        storage.keys.reserveCapacity(expected * 48)
        storage.keyStarts.reserveCapacity(expected)
        storage.keyCounts.reserveCapacity(expected)
        storage.hashes.reserveCapacity(expected)
        storage.tasks.reserveCapacity(expected)
        storage.identityHashes.reserveCapacity(expected)
        storage.canonical.reserveCapacity(expected)
        self.storage = .allocate(capacity: 1)
        self.storage.initialize(to: storage)
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// The line of the task the parser read last (found or added), or -1 when that line is not kept.
    var lastEntry: Int {
        get { storage.pointee.lastEntry }
        set { storage.pointee.lastEntry = newValue }
    }

    /// The number of the line kept as `line`, or nil.
    func find(_ line: UnsafeBufferPointer<UInt8>, hash: Int) -> Int? {
        let mask = storage.pointee.slots.count - 1
        var slot = hash & mask
        while true {
            let index = Int(storage.pointee.slots[slot])
            if index < 0 { return nil }
            if storage.pointee.hashes[index] == hash, storage.pointee.keyCounts[index] == line.count,
               sameBytes(line, at: storage.pointee.keyStarts[index]) { return index }
            slot = (slot + 1) & mask
        }
    }

    /// Keeps what reading `line` gave, `task` (read without a finding, its notes not yet read); returns the
    /// line's number.
    func add(_ line: UnsafeBufferPointer<UInt8>, hash: Int, _ task: PlanTask) -> Int {
        if (storage.pointee.hashes.count + 1) * 2 > storage.pointee.slots.count { grow() }
        let index = storage.pointee.hashes.count
        storage.pointee.keyStarts.append(storage.pointee.keys.count)
        storage.pointee.keyCounts.append(line.count)
        storage.pointee.keys.append(contentsOf: line)
        storage.pointee.hashes.append(hash)
        storage.pointee.tasks.append(PlanTask(bucket: task.bucket, status: task.status, title: task.title, metadata: task.metadata))
        storage.pointee.identityHashes.append(nil)
        storage.pointee.canonical.append(0)
        place(index)
        return index
    }

    /// The task of line `index`, without its place or notes.
    func task(_ index: Int) -> PlanTask {
        storage.pointee.tasks[index]
    }

    /// `PlanTask.identityHash` of the title of line `index`, made once.
    func identityHash(_ index: Int) -> Int {
        if let hash = storage.pointee.identityHashes[index] { return hash }
        let hash = PlanTask.identityHash(storage.pointee.tasks[index].title)
        storage.pointee.identityHashes[index] = hash
        return hash
    }

    /// Whether line `index` is its task's canonical line (`PlanTask.writeCanonicalLine`), found once.
    func isCanonical(_ index: Int) -> Bool {
        switch storage.pointee.canonical[index] {
        case 1: return true
        case 2: return false
        default:
            storage.pointee.printed.removeAll(keepingCapacity: true)
            storage.pointee.tasks[index].writeCanonicalLine(to: &storage.pointee.printed)
            let same = storage.pointee.printed.count == storage.pointee.keyCounts[index]
                && storage.pointee.printed.withUnsafeBufferPointer { sameBytes($0, at: storage.pointee.keyStarts[index]) }
            storage.pointee.canonical[index] = same ? 1 : 2
            return same
        }
    }

    /// Marks every line kept so far as its task's canonical line: they were all read from a file found
    /// canonical (with no blank before or after a task's line there).
    func markAllCanonical() {
        for index in storage.pointee.canonical.indices { storage.pointee.canonical[index] = 1 }
    }

    /// The hash a line is kept under.
    static func hash(_ line: UnsafeBufferPointer<UInt8>) -> Int {
        ByteHasher.hash(UnsafeRawBufferPointer(line))
    }

    private func sameBytes(_ line: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        guard let input = line.baseAddress else { return true }
        return storage.pointee.keys.withUnsafeBufferPointer { kept in
            guard let base = kept.baseAddress else { return false }
            return memoryEqual(input, base + start, line.count)
        }
    }

    private func place(_ index: Int) {
        let mask = storage.pointee.slots.count - 1
        var slot = storage.pointee.hashes[index] & mask
        while storage.pointee.slots[slot] >= 0 { slot = (slot + 1) & mask }
        storage.pointee.slots[slot] = Int32(truncatingIfNeeded: index)
    }

    private func grow() {
        storage.pointee.slots = [Int32](repeating: -1, count: storage.pointee.slots.count * 2)
        for index in storage.pointee.hashes.indices { place(index) }
    }
}
