/// What the parser learns of a title kept apart for export while it finds it plain (its text as written: words
/// one space apart, no `@` word, code span or link): whether it is plain with no byte JSON escapes (a control
/// byte, `"`, `\`), how many spaces it holds, whether it holds a `#`, and whether it is ASCII. Export then
/// writes it in one run without scanning it again. A title not known to be plain is `TitleShape()`.
package struct TitleShape {
    /// Plain, with no byte JSON escapes: `spaces`, `hasHash` and `isASCII` are known.
    package var isPlain = false
    package var hasHash = false
    /// No byte beyond ASCII: its words split alike by bytes and by characters.
    package var isASCII = false
    package var spaces: Int32 = 0

    /// A title not known to be plain.
    package init() {}

    /// A shape as a scan learnt it.
    init(isPlain: Bool, hasHash: Bool, isASCII: Bool, spaces: Int32) {
        self.isPlain = isPlain
        self.hasHash = hasHash
        self.isASCII = isASCII
        self.spaces = spaces
    }

    /// Learns the shape from the bytes the parser's plain-title scan hands it.
    struct Scan: TitleScan {
        static var learnsShape: Bool { true }
        private var spaces = 0
        private var escapes: UInt64 = 0, hashes: UInt64 = 0, highBits: UInt64 = 0

        @inline(__always) mutating func add(eight: UInt64, spaces: UInt64) {
            escapes |= bytesJSONEscapes(eight)
            hashes |= zeroBytes(eight ^ everyByte(UInt8(ascii: "#")))
            highBits |= eight
            self.spaces &+= flaggedByteCount(spaces)
        }

        @inline(__always) mutating func add(byte: UInt8) {
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { escapes = 1 }
            if byte == UInt8(ascii: "#") { hashes = 1 }
            if byte == UInt8(ascii: " ") { spaces &+= 1 }
            highBits |= UInt64(byte)
        }

        /// The shape of the title scanned, which the scan found plain.
        var shape: TitleShape {
            escapes != 0 ? TitleShape() : TitleShape(isPlain: true, hasHash: hashes != 0,
                                                      isASCII: highBits & 0x8080_8080_8080_8080 == 0,
                                                      spaces: Int32(truncatingIfNeeded: spaces))
        }
    }
}

/// Takes the bytes of a title as the parser's plain-title scan reads them (`Parser.plainRun`): what a reading
/// learns of a plain title in the same pass that finds it plain (`DayReading.Scan`).
package protocol TitleScan {
    /// A scan that has seen nothing yet.
    init()
    /// Whether the scan learns a title's shape (`shape`); false: it learns nothing, and costs nothing.
    static var learnsShape: Bool { get }
    /// The shape of the title scanned, which the scan found plain.
    var shape: TitleShape { get }
    /// Eight bytes of the title, with the flags (`zeroBytes`) of its spaces.
    mutating func add(eight: UInt64, spaces: UInt64)
    /// One byte of the title, after the last eight.
    mutating func add(byte: UInt8)
}

/// A scan that learns nothing: every reading but export's.
package struct NoTitleScan: TitleScan {
    /// A scan that has seen nothing.
    package init() {}
    package static var learnsShape: Bool { false }
    package var shape: TitleShape { TitleShape() }
    @inline(__always) package mutating func add(eight: UInt64, spaces: UInt64) {}
    @inline(__always) package mutating func add(byte: UInt8) {}
}

