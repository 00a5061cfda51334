// The libFuzzer entry point of the calendar reader: arbitrary bytes read as an iCalendar source, asked for a few
// days, whole and at a glance (`CalendarInvariants.calendar`). Built by `Tests/Fuzz/run.sh --target calendar`.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let broken = CalendarInvariants.calendar(input)
    if !broken.isEmpty {
        // A broken promise is a crash to libFuzzer: it saves the input as an artifact.
        fatalError("calendar invariant broken: \(broken.joined(separator: "; "))")
    }
    return 0
}
