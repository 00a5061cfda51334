// The libFuzzer entry point for the language server: arbitrary bytes become a session of framed messages
// (`LanguageServerScript`), which the server reads from a file and answers in process, as `dayplan lsp` does
// over standard input. Any trap, sanitizer report or hang is a find. Built by `Tests/Fuzz/run-lsp.sh` with the
// server's sources (the executable's, without `main.swift`) and the library as a module.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file the session is written to and read back from (a pipe would block past its capacity).
nonisolated(unsafe) private var sessionFile: Int32 = -1

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<Int32>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    // A fixed "now", and an empty plan folder, so that completion after `#` reads no real files.
    var folder = Array("/tmp/dayplan-lsp-fuzz-XXXXXX".utf8CString)
    guard let made = mkdtemp(&folder) else { fatalError("cannot make a plan folder") }
    setenv("DAYPLAN_DIR", made, 1)
    setenv("DAYPLAN_NOW", "1795262400", 1)
    var name = Array("/tmp/dayplan-lsp-fuzz-session-XXXXXX".utf8CString)
    sessionFile = mkstemp(&name)
    guard sessionFile >= 0 else { fatalError("cannot make the session file") }
    unlink(name)
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let stream = LanguageServerScript.stream(from: input)
    guard ftruncate(sessionFile, 0) == 0 else { fatalError("cannot truncate the session file") }
    let written = stream.withUnsafeBytes { pwrite(sessionFile, $0.baseAddress, $0.count, 0) }
    guard written == stream.count, lseek(sessionFile, 0, SEEK_SET) == 0 else { fatalError("cannot write the session") }
    var server = LanguageServer(channel: MessageChannel(input: sessionFile))
    let code = server.run()
    // The server ends only by `exit`, the end of input or a header it cannot frame: 0, 1 or 2.
    precondition([.success, .findings, .failure].contains(code), "the server ended with \(code)")
    return 0
}
