// The libFuzzer entry point of import's reading: arbitrary bytes read as an export document, each day it holds
// written in canonical form and read back (`CalendarInvariants.importReading`). Built by
// `Tests/Fuzz/run.sh --target import`.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let broken = CalendarInvariants.importReading(input)
    if !broken.isEmpty {
        fatalError("import invariant broken: \(broken.joined(separator: "; "))")
    }
    return 0
}
