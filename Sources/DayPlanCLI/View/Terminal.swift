import DayPlan
import DayPlanView

// What the signal handlers read: set before any handler is installed, never changed while one may run. A
// handler can only write bytes made in advance and call what is async-signal-safe (write, tcsetattr, signal,
// raise), so the reset sequence and both terminal settings are kept here ready.
nonisolated(unsafe) private var savedSettings = termios()
nonisolated(unsafe) private var rawSettings = termios()
nonisolated(unsafe) private var stopBytes: UnsafeMutableBufferPointer<UInt8> = .init(start: nil, count: 0)
nonisolated(unsafe) private var startBytes: UnsafeMutableBufferPointer<UInt8> = .init(start: nil, count: 0)
nonisolated(unsafe) private var wakeWriter: Int32 = -1
nonisolated(unsafe) private var terminalTaken = false

/// Writes the prepared bytes; for the handlers.
private func writeAll(_ bytes: UnsafeMutableBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress else { return }
    var done = 0
    while done < bytes.count {
        let written = write(1, base + done, bytes.count - done)
        if written <= 0 { return }
        done += written
    }
}

/// Gives the terminal back: the modes off in reverse, then the settings as they were.
private func restoreTerminal() {
    guard terminalTaken else { return }
    writeAll(stopBytes)
    _ = tcsetattr(0, TCSAFLUSH, &savedSettings)
}

/// A byte to the wake pipe, so that the loop's poll returns: `kind` says why (`w` resize, `c` continued).
private func wake(_ kind: UInt8) {
    var byte = kind
    _ = write(wakeWriter, &byte, 1)
}

/// SIGTERM, SIGHUP, SIGINT and the crash signals: the terminal restored, then the signal's default action.
private let endingHandler: @convention(c) (Int32) -> Void = { signal in
    restoreTerminal()
    #if canImport(Darwin)
    _ = Darwin.signal(signal, SIG_DFL)
    #else
    _ = Glibc.signal(signal, SIG_DFL)
    #endif
    _ = raise(signal)
}

/// SIGTSTP from outside (`kill -TSTP`): the terminal restored, then stopped; SIGCONT takes it again.
private let stopHandler: @convention(c) (Int32) -> Void = { _ in
    restoreTerminal()
    #if canImport(Darwin)
    _ = Darwin.signal(SIGTSTP, SIG_DFL)
    #else
    _ = Glibc.signal(SIGTSTP, SIG_DFL)
    #endif
    _ = raise(SIGTSTP)
}

/// SIGCONT: raw mode and the modes again, the SIGTSTP handler back, and a whole redraw asked for.
private let continueHandler: @convention(c) (Int32) -> Void = { _ in
    guard terminalTaken else { return }
    _ = tcsetattr(0, TCSAFLUSH, &rawSettings)
    writeAll(startBytes)
    #if canImport(Darwin)
    _ = Darwin.signal(SIGTSTP, stopHandler)
    #else
    _ = Glibc.signal(SIGTSTP, stopHandler)
    #endif
    wake(UInt8(ascii: "c"))
}

private let resizeHandler: @convention(c) (Int32) -> Void = { _ in wake(UInt8(ascii: "w")) }

/// The terminal the view runs in: raw mode, the alternate screen and the other modes (`TerminalBytes`), the
/// signals that end, stop, continue and resize it, and reading keys and writing frames. Every way out gives the
/// terminal back: `stop()`, and the handlers for SIGTERM, SIGHUP, SIGINT and a crash.
enum Terminal {
    /// The signals that end the process and after which the terminal must be given back first.
    static let endingSignals: [Int32] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

    /// The read end of the pipe the handlers write to.
    nonisolated(unsafe) private static var wakeReader: Int32 = -1

    /// Whether standard input and output are both a terminal.
    static var isInteractive: Bool { isatty(0) == 1 && isatty(1) == 1 }

    /// Takes the terminal: saves its settings, sets raw mode, turns the modes on and installs the handlers.
    /// False when the settings cannot be read or set (nothing is changed then).
    static func start(mouse: Bool) -> Bool {
        guard tcgetattr(0, &savedSettings) == 0 else { return false }
        var raw = savedSettings
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        rawSettings = raw
        stopBytes = prepared(TerminalBytes.stop(mouse: mouse))
        startBytes = prepared(TerminalBytes.start(mouse: mouse))
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return false }
        wakeReader = fds[0]
        wakeWriter = fds[1]
        _ = fcntl(wakeReader, F_SETFL, fcntl(wakeReader, F_GETFL) | O_NONBLOCK)
        _ = fcntl(wakeWriter, F_SETFL, fcntl(wakeWriter, F_GETFL) | O_NONBLOCK)
        guard tcsetattr(0, TCSAFLUSH, &rawSettings) == 0 else { return false }
        terminalTaken = true
        // A signal blocked by whoever started us (a mask is inherited) would never reach its handler, and a
        // Ctrl-Z would not stop: the ones the view acts on are unblocked.
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in endingSignals + [SIGTSTP, SIGCONT, SIGWINCH] { sigaddset(&mask, signal) }
        sigprocmask(SIG_UNBLOCK, &mask, nil)
        for signal in endingSignals { install(signal, endingHandler) }
        install(SIGTSTP, stopHandler)
        install(SIGCONT, continueHandler)
        install(SIGWINCH, resizeHandler)
        writeAll(startBytes)
        return true
    }

    /// Gives the terminal back and puts the default signal actions back.
    static func stop() {
        restoreTerminal()
        terminalTaken = false
        for signal in endingSignals + [SIGTSTP, SIGCONT, SIGWINCH] { install(signal, SIG_DFL) }
    }

    /// Gives the terminal back and stops the process (Ctrl-Z); returns when it is continued (`fg`), the terminal
    /// taken again by the SIGCONT handler.
    static func suspend() {
        restoreTerminal()
        install(SIGTSTP, SIG_DFL)
        _ = raise(SIGTSTP)
    }

    /// Gives the terminal back for a program that uses it (the editor), and `resume()` takes it again.
    static func handOver() {
        restoreTerminal()
    }

    /// Takes the terminal again after `handOver()`.
    static func resume() {
        _ = tcsetattr(0, TCSAFLUSH, &rawSettings)
        writeAll(startBytes)
    }

    private static func install(_ signal: Int32, _ handler: (@convention(c) (Int32) -> Void)?) {
        #if canImport(Darwin)
        _ = Darwin.signal(signal, handler)
        #else
        _ = Glibc.signal(signal, handler)
        #endif
    }

    private static func prepared(_ bytes: [UInt8]) -> UnsafeMutableBufferPointer<UInt8> {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = buffer.initialize(from: bytes)
        return buffer
    }

    /// The terminal's size: columns and rows (80 by 24 when it does not say).
    static var size: (columns: Int, rows: Int) {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return (80, 24) }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// How many columns output to `descriptor` may use: `COLUMNS` when it holds a number, else the terminal's width
    /// when it is one, else 120 (a file or a pipe).
    static func columns(for descriptor: Int32) -> Int {
        if let text = Clock.environment("COLUMNS"), let columns = Int(text), columns > 0 { return columns }
        var size = winsize()
        guard isatty(descriptor) == 1, ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 120 }
        return Int(size.ws_col)
    }

    /// Writes `bytes` in one write (as many as it takes when the terminal takes less).
    static func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var done = 0
            while done < buffer.count {
                let written = Glibc_or_Darwin_write(1, base + done, buffer.count - done)
                if written < 0, errno == EINTR { continue }
                if written <= 0 { return }
                done += written
            }
        }
    }

    /// What woke the loop.
    struct Wake {
        /// Bytes read from the keyboard.
        var input: [UInt8] = []
        /// Whether the terminal was resized or continued: draw it whole.
        var redraw = false
    }

    /// Waits up to `milliseconds` for keys or a signal.
    static func wait(milliseconds: Int32) -> Wake {
        var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0)]
        var wake = Wake()
        let ready = poll(&fds, nfds_t(fds.count), milliseconds)
        guard ready > 0 else { return wake }
        if fds[1].revents & Int16(POLLIN) != 0 {
            var drained = [UInt8](repeating: 0, count: 64)
            while read(wakeReader, &drained, drained.count) > 0 {}
            wake.redraw = true
        }
        if fds[0].revents & Int16(POLLIN) != 0 {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(0, &buffer, buffer.count)
            if count > 0 { wake.input = Array(buffer[0..<count]) }
        }
        return wake
    }

    /// The columns a character takes as the terminal counts them: the C library's `wcwidth` where it knows the
    /// character, two for emoji and East Asian wide ones (the library's table).
    static func width(_ character: Character) -> Int {
        let table = CharacterWidth.of(character)
        guard table != 2, character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else { return table }
        let width = cLibraryWidth(Int32(bitPattern: scalar.value))
        return width >= 0 ? Int(width) : table
    }
}

/// `write(2)`, named apart from `Terminal.write`.
private func Glibc_or_Darwin_write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}

/// The C library's `wcwidth`, which Swift's view of the C library leaves out (it is behind `_XOPEN_SOURCE`).
@_silgen_name("wcwidth")
private func cLibraryWidth(_ character: Int32) -> Int32
