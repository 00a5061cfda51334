/// A command line split into flags, options with values, and positional arguments.
///
/// Accepts `--name`, `--name value`, `--name=value`, and `--` to end options; `-` alone is a positional
/// argument (standard input).
struct Arguments {
    var positionals: [String] = []
    var flags: Set<String> = []
    var options: [String: String] = [:]

    /// Splits `words` knowing which names are flags and which take a value; anything else is a usage error.
    init(_ words: [String], flags knownFlags: [String], options knownOptions: [String]) throws(UsageError) {
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
            if knownFlags.contains(name) {
                guard inlineValue == nil else { throw UsageError("\(name) takes no value") }
                flags.insert(name)
            } else if knownOptions.contains(name) {
                if let inlineValue {
                    options[name] = inlineValue
                } else if index < words.count {
                    options[name] = words[index]
                    index += 1
                } else {
                    throw UsageError("\(name) needs a value")
                }
            } else {
                var message = "unknown option '\(name)'"
                if let guess = closest(to: name, among: knownFlags + knownOptions) {
                    message += " (did you mean '\(guess)'?)"
                }
                throw UsageError(message)
            }
        }
    }
}

extension Arguments {
    /// Splits a command's words as above, adding `--help`/`-h`. Prints the help (exit 0) or the mistake and a
    /// hint (exit 2) itself, and then throws the exit code the command is to end with.
    static func forCommand(_ name: String, help: String, _ words: [String], flags: [String],
                           options: [String]) throws(ExitCode) -> Arguments {
        let arguments: Arguments
        do {
            arguments = try Arguments(words, flags: flags + ["--help", "-h"], options: options)
        } catch {
            var err = Output.error
            err.line("dayplan \(name): \(error.message)\nRun 'dayplan \(name) --help' for usage.")
            err.flush()
            throw .failure
        }
        if !arguments.flags.isDisjoint(with: ["--help", "-h"]) {
            var out = Output.standard
            out.line(help)
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
