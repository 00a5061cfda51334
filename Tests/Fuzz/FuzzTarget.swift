// The libFuzzer entry point: arbitrary bytes through parse, print, parse again, and the invariants of
// `Tests/DayPlanTests/Support/Invariants.swift`. Built by `Tests/Fuzz/run.sh` together with the library's sources.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let broken = Invariants.all(input)
    if !broken.isEmpty {
        // A broken promise is a crash to libFuzzer: it saves the input as an artifact.
        fatalError("invariant broken: \(broken.joined(separator: "; "))")
    }
    return 0
}
