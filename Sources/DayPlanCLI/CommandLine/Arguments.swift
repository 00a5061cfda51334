/// A command line split, by its command's `CommandSpec`, into flags, options with values, and positional
/// arguments.
///
/// Accepts `--name`, `--name value`, `--name=value`, `-n`, `-n value`, grouped short flags (`-qn`), and `--`
/// to end options; `-` alone is a positional argument (standard input). Flags and options are keyed by their
/// long name, whichever name was typed.
struct Arguments {
    var positionals: [String] = []
    var flags = Flags()
    var options = OptionValues()

    /// The flags given, by long name. A handful at most, so a list: no hashing, and no generic set for a
    /// run to set up before it starts its work.
    struct Flags {
        private var names: [String] = []
        /// Whether the flag `name` (its long name) was given.
        func contains(_ name: String) -> Bool { names.contains(name) }
        /// Notes that the flag `name` was given.
        mutating func insert(_ name: String) { if !contains(name) { names.append(name) } }
    }

    /// The options given with values, by long name; a later value replaces an earlier one.
    struct OptionValues {
        private var given: [Given] = []
        /// One option and its value (a struct: an array of tuples has its type made at run time).
        private struct Given {
            let name: String, value: String
        }
        /// The value of the option `name` (its long name), if it was given.
        subscript(name: String) -> String? {
            get { given.first { $0.name == name }?.value }
            set {
                given.removeAll { $0.name == name }
                if let newValue { given.append(Given(name: name, value: newValue)) }
            }
        }
    }

    /// Splits `words` by the options `spec` declares; anything else is a usage error.
    init(_ words: [String], spec: CommandSpec) throws(UsageError) {
        var index = 0
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            index += 1
            if optionsEnded || word == "-" || !word.hasPrefix("-") {
                positionals.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            var name = word
            var inlineValue: String?
            if let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                inlineValue = String(word[word.index(after: equals)...])
            }
            // `-qn`: short flags written together.
            if !name.hasPrefix("--"), name.count > 2, inlineValue == nil {
                let grouped = name.dropFirst().compactMap { spec.option(named: "-\($0)") }.filter { $0.value == nil }
                if grouped.count == name.count - 1 {
                    for option in grouped { flags.insert(option.name) }
                    continue
                }
            }
            guard let option = spec.option(named: name) else {
                var message = "unknown option '\(name)'"
                if let guess = Arguments.suggestion(for: name, in: spec) { message += " (did you mean '\(guess)'?)" }
                throw UsageError(message)
            }
            if option.value == nil {
                guard inlineValue == nil else { throw UsageError("\(option.name) takes no value") }
                flags.insert(option.name)
            } else {
                guard let value = inlineValue ?? (index < words.count ? words[index] : nil) else {
                    throw UsageError("\(option.name) needs a value")
                }
                if inlineValue == nil { index += 1 }
                if case .choice(let choices)? = option.value?.kind, !choices.contains(value) {
                    let listed = choices.dropLast().joined(separator: ", ") + (choices.count > 1 ? " or " : "")
                        + (choices.last ?? "")
                    throw UsageError("unknown \(option.noun) '\(value)'; use \(listed)")
                }
                options[option.name] = value
            }
        }
    }

    /// A real option name near a mistyped one. Only long names are suggested: every one-letter name is one
    /// edit away from every other, so `-x` suggesting `-h` would be noise.
    static func suggestion(for name: String, in spec: CommandSpec) -> String? {
        guard name.hasPrefix("--") else { return nil }
        return closest(to: name, among: spec.allOptions.map(\.name))
    }
}

extension Arguments {
    /// Splits a command's words by its spec. Prints the help (exit 0) or the mistake and a hint (exit 2)
    /// itself, and then throws the exit code the command is to end with. A command that takes no arguments
    /// refuses a stray word here, so that none of them runs with one.
    static func forCommand(_ spec: CommandSpec, _ words: [String]) throws(ExitCode) -> Arguments {
        let arguments: Arguments
        do throws(UsageError) {
            arguments = try Arguments(words, spec: spec)
            if spec.arguments == nil, !arguments.positionals.isEmpty, !arguments.flags.contains("--help") {
                throw UsageError(spec.strayArguments)
            }
        } catch {
            var err = Output.error
            err.line("dayplan \(spec.name): \(error.message)\nRun 'dayplan \(spec.name) --help' for usage.")
            err.flush()
            throw .failure
        }
        if arguments.flags.contains("--help") {
            var out = Output.standard
            out.line(spec.help)
            out.flush()
            throw .success
        }
        return arguments
    }
}

/// A mistake in how the command was called; exit code 2.
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// The candidate nearest to `word` by edit distance, when it is near enough to be a likely typo.
func closest(to word: String, among candidates: [String]) -> String? {
    func distance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
    let scored = candidates.map { ($0, distance(Array(word), Array($0))) }
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, word.count / 3) else { return nil }
    return best.0
}
