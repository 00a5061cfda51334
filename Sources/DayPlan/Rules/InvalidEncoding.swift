extension Rule {
    /// The bytes are not valid UTF-8.
    ///
    /// Reads: The first byte that starts no well-formed UTF-8 sequence.
    public static let invalidEncoding: Rule = Rule(
        id: "DP001", name: "invalid-encoding", severity: .error, blocksFormatting: true,
        summary: "a day file is UTF-8 text",
        check: .reading { problem in
            guard case .invalidUTF8(let byte) = problem.kind else { return nil }
            return "Invalid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true))); save the file as UTF-8."
        })
}
