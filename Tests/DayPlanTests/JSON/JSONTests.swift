import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

@Suite struct JSONParserTests {
    @Test func readsEveryKindOfValue() throws {
        let value = try JSONValue(parsing: #" { "a" : [1, -2.5e3, true, false, null, "x"], "b": {} , "c": [] } "#)
        #expect(value == ["a": [1, .number("-2.5e3"), true, false, nil, "x"], "b": [:], "c": []])
        #expect(value["a"]?[0]?.intValue == 1)
        #expect(value["a"]?[1]?.doubleValue == -2500)
        #expect(value["a"]?[1]?.intValue == nil)
        #expect(value["a"]?[9] == nil)
        #expect(value["missing"] == nil)
        #expect(value["a"]?[4]?.isNull == true)
    }

    @Test func keepsMembersInOrderAndDuplicateKeys() throws {
        let value = try JSONValue(parsing: #"{"z":1,"a":2,"z":3}"#)
        #expect(value.objectValue?.map(\.key) == ["z", "a", "z"])
        #expect(value["z"]?.intValue == 3)
    }

    @Test func keepsNumbersAsWritten() throws {
        let value = try JSONValue(parsing: "[12345678901234567890123, 0.10, -0, 1E+2]")
        #expect(value == [.number("12345678901234567890123"), .number("0.10"), .number("-0"), .number("1E+2")])
        #expect(value.jsonText() == "[12345678901234567890123,0.10,-0,1E+2]")
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let value = try JSONValue(parsing: #""a\"b\\c\/d\b\f\n\r\t\u0041\u00e9\u4ED5\uD83D\uDE00""#)
        #expect(value.stringValue == "a\"b\\c/d\u{8}\u{C}\n\r\tAé仕😀")
    }

    @Test func readsRawUnicode() throws {
        let value = try JSONValue(parsing: "[\"café 仕事 😀\"]")
        #expect(value[0]?.stringValue == "café 仕事 😀")
    }

    @Test(arguments: [
        ("", 0, "unexpected end of input; expected a value"),
        ("   ", 3, "unexpected end of input; expected a value"),
        ("{", 1, "unexpected end of input in an object"),
        ("[1,]", 3, "unexpected ']'; expected a value"),
        ("{\"a\":1,}", 7, "unexpected '}'; expected a string key"),
        ("{\"a\" 1}", 5, "expected ':' after an object key"),
        ("{a:1}", 1, "unexpected 'a'; expected a string key"),
        ("[1 2]", 3, "unexpected '2'; expected ',' or ']' in an array"),
        ("[1] x", 4, "unexpected 'x' after the value"),
        ("tru", 0, "invalid literal; expected 'true'"),
        ("nul", 0, "invalid literal; expected 'null'"),
        ("01", 1, "a number does not start with 0 followed by digits"),
        ("+1", 0, "unexpected '+'; expected a value"),
        ("-", 1, "expected a digit in a number"),
        ("1.", 2, "expected a digit after the decimal point"),
        ("1e", 2, "expected a digit in the exponent"),
        ("NaN", 0, "unexpected 'N'; expected a value"),
        ("'a'", 0, "unexpected '''; expected a value"),
        ("\"abc", 4, "unexpected end of input in a string"),
        ("\"a\nb\"", 2, "a control character (byte 0xA) must be escaped in a string"),
        ("\"\\x\"", 1, "unknown escape '\\x'"),
        ("\"\\u12G4\"", 5, "expected four hexadecimal digits after \\u"),
        ("\"\\uD83D\"", 1, "a high surrogate escape is not followed by a low surrogate escape"),
        ("\"\\uD83D\\u0041\"", 1, "a high surrogate escape is not followed by a low surrogate escape"),
        ("\"\\uDE00\"", 1, "a low surrogate escape without a high surrogate before it"),
        ("// c\n1", 0, "unexpected '/'; expected a value"),
    ])
    func refusesMalformedInputWithItsOffset(input: String, offset: Int, message: String) {
        #expect(throws: JSONError(offset: offset, message: message)) { try JSONValue(parsing: input) }
    }

    @Test func refusesInvalidUTF8AtItsOffset() {
        let bytes: [UInt8] = Array("[\"ab".utf8) + [0xC3, 0x28] + Array("\"]".utf8)
        #expect(throws: JSONError(offset: 4, message: "a string is not valid UTF-8")) { try JSONValue(parsing: bytes) }
        let escaped: [UInt8] = Array("\"\\n".utf8) + [0xFF] + Array("\"".utf8)
        #expect(throws: JSONError(offset: 3, message: "a string is not valid UTF-8")) { try JSONValue(parsing: escaped) }
    }

    @Test(arguments: [
        ([0xC0, 0x80], 0), ([0xC1, 0xBF], 0), ([0xE0, 0x80, 0x80], 0), ([0xED, 0xA0, 0x80], 0),
        ([0xF0, 0x80, 0x80, 0x80], 0), ([0xF4, 0x90, 0x80, 0x80], 0), ([0xF5, 0x80, 0x80, 0x80], 0),
        ([0xE2, 0x82], 0), ([0x80], 0), ([0x61, 0xE2, 0x28, 0xA1], 1), ([0xF0, 0x9F, 0x98], 0), ([0xFF], 0),
    ] as [([UInt8], Int)])
    func refusesEachKindOfInvalidUTF8(bytes: [UInt8], offset: Int) {
        #expect(throws: JSONError(offset: 1 + offset, message: "a string is not valid UTF-8")) {
            try JSONValue(parsing: [UInt8(ascii: "\"")] + bytes + [UInt8(ascii: "\"")])
        }
    }

    @Test func acceptsExactlyTheValidUTF8() throws {
        // Valid boundaries: U+0080, U+07FF, U+0800, U+D7FF, U+E000, U+FFFF, U+10000, U+10FFFF.
        let valid = "\u{80}\u{7FF}\u{800}\u{D7FF}\u{E000}\u{FFFF}\u{10000}\u{10FFFF}"
        #expect(try JSONValue(parsing: Array("\"\(valid)\"".utf8)) == .string(valid))
        // Random bytes: read as a string exactly when decoding them changes nothing.
        var generator = SeededGenerator(seed: 8259)
        for _ in 0..<2000 {
            let bytes = (0..<generator.next(6)).map { _ in UInt8(truncatingIfNeeded: 0x80 + generator.next(0x80) - (generator.next(4) == 0 ? 0x80 : 0)) }
            let valid = Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes && !bytes.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }
            let parsed = try? JSONValue(parsing: [0x22] + bytes + [0x22])
            #expect((parsed != nil) == valid, "\(bytes)")
        }
    }

    @Test func refusesAByteOrderMark() {
        #expect(throws: JSONError.self) { try JSONValue(parsing: [0xEF, 0xBB, 0xBF] + Array("1".utf8)) }
    }

    @Test func limitsNesting() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONError(offset: 512, message: "arrays and objects nest deeper than 512")) {
            try JSONValue(parsing: deep)
        }
        let allowed = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { try JSONValue(parsing: allowed) }
        #expect(throws: JSONError.self) { try JSONValue(parsing: "[[[]]]", depthLimit: 2) }
    }

    @Test func describesAnErrorWithItsOffset() {
        #expect(JSONError(offset: 3, message: "m").description == "at byte 3: m")
    }
}

@Suite struct JSONWriterTests {
    @Test func writesCompactTextInOrder() {
        let value: JSONValue = ["jsonrpc": "2.0", "id": 7, "result": ["b": true, "a": nil, "list": [1, "x"]]]
        #expect(value.jsonText() == #"{"jsonrpc":"2.0","id":7,"result":{"b":true,"a":null,"list":[1,"x"]}}"#)
    }

    @Test func escapesWhatJSONRequires() {
        let value = JSONValue.string("q\" b\\ n\n r\r t\t \u{8}\u{C}\u{0}\u{1F} / é")
        #expect(value.jsonText() == #""q\" b\\ n\n r\r t\t \b\f\u0000\u001F / é""#)
    }

    @Test func escapesBeyondASCIIWithSurrogatePairsWhenAsked() {
        let value = JSONValue.string("é仕😀")
        #expect(value.jsonText(asciiOnly: true) == #""\u00E9\u4ED5\uD83D\uDE00""#)
        #expect(value.serialized().allSatisfy { $0 != UInt8(ascii: "\\") })
    }

    @Test(arguments: ["plain", "", "tab\tquote\"slash\\", "\u{0}\u{7F}\u{80}\u{FFFF}\u{10FFFF}", "CRLF\r\n", "😀🇫🇷 仕事"])
    func roundTripsStrings(_ text: String) throws {
        for asciiOnly in [false, true] {
            let written = JSONValue.string(text).serialized(asciiOnly: asciiOnly)
            #expect(try JSONValue(parsing: written) == .string(text))
        }
    }

    @Test func roundTripsADocument() throws {
        let text = #"{"a":[1,2.5,-3e-7,{"b":null,"c":[true,false]}],"d":"\u00e9\n","a":{}}"#
        let value = try JSONValue(parsing: text)
        let written = value.serialized()
        #expect(try JSONValue(parsing: written) == value)
        #expect(value.serialized(asciiOnly: true) == Array(#"{"a":[1,2.5,-3e-7,{"b":null,"c":[true,false]}],"d":"\u00E9\n","a":{}}"#.utf8))
    }

    @Test func roundTripsSeededRandomValues() throws {
        var generator = SeededGenerator(seed: 14)
        for _ in 0..<300 {
            let value = randomValue(depth: 0, using: &generator)
            #expect(try JSONValue(parsing: value.serialized()) == value)
            #expect(try JSONValue(parsing: value.serialized(asciiOnly: true)) == value)
        }
    }

    private func randomValue(depth: Int, using generator: inout SeededGenerator) -> JSONValue {
        switch Int.random(in: depth > 3 ? 0...3 : 0...5, using: &generator) {
        case 0: return nil
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .integer(Int.random(in: -1_000_000...1_000_000, using: &generator))
        case 3:
            let scalars = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                Unicode.Scalar(UInt32.random(in: 0...0x10FFFF, using: &generator)) ?? "\u{D7FF}"
            }
            return .string(String(String.UnicodeScalarView(scalars)))
        case 4:
            return .array((0..<Int.random(in: 0...4, using: &generator)).map { _ in randomValue(depth: depth + 1, using: &generator) })
        default:
            return .object((0..<Int.random(in: 0...4, using: &generator)).map { index in
                JSONValue.Member("k\(index % 3)", randomValue(depth: depth + 1, using: &generator))
            })
        }
    }
}
