/// Whether two byte arrays are equal, eight bytes at a time: `==` on arrays compares them one element at a
/// time, and a file is compared with its canonical form on every `fmt --check` and merge.
func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    return a.withUnsafeBufferPointer { x in
        b.withUnsafeBufferPointer { y in
            guard let first = x.baseAddress, let second = y.baseAddress else { return true }
            return memoryEqual(first, second, x.count)
        }
    }
}

/// Whether `count` bytes at `a` and at `b` are equal.
@inline(__always) func memoryEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    var i = 0
    while i + 8 <= count {
        if UnsafeRawPointer(a + i).loadUnaligned(as: UInt64.self) != UnsafeRawPointer(b + i).loadUnaligned(as: UInt64.self) {
            return false
        }
        i += 8
    }
    while i < count {
        if a[i] != b[i] { return false }
        i += 1
    }
    return true
}
