/// What a command takes and says about itself: the one table that `--help`, argument parsing, shell
/// completions and the man page are all made from. A new option is declared here once and is then
/// parsed, documented and completed without further work.
struct CommandSpec: Sendable {
    /// The command's name, as in `dayplan fmt`.
    let name: String
    /// One line for the overview (`dayplan --help`).
    let summary: String
    /// The positional arguments, if any: their placeholder (`PATH ...`) and what they are.
    let arguments: Value?
    /// What the command does, in paragraphs separated by blank lines (hand-wrapped at 96 columns).
    let about: String
    /// The options, in the order help lists them; `-h, --help` is added to every command.
    let options: [Option]
    /// What each exit code means for this command.
    let exitCodes: [(code: Int, meaning: String)]
    /// What a command without `arguments` says to a word that is no option (exit 2, before it runs).
    var strayArguments = "takes no arguments"

    /// The options as parsed: the declared ones and `--help`.
    var allOptions: [Option] { options + [.help] }

    /// `USAGE: dayplan NAME [--flag] [--option VALUE] [ARGUMENTS]`, made from the options.
    var usage: String {
        var words = ["dayplan", name]
        for option in options where option.listedInUsage {
            words.append("[" + option.name + (option.value.map { " " + $0.placeholder } ?? "") + "]")
        }
        if let arguments { words.append("[" + arguments.placeholder + "]") }
        return words.joined(separator: " ")
    }

    /// The text `dayplan NAME --help` prints.
    var help: String {
        var text = "USAGE: \(usage)\n\n\(about)\n\nOPTIONS:\n"
        let rows = allOptions.map { option -> (String, String) in
            let names = (option.short.map { "-\($0), " } ?? "") + option.name
                + (option.value.map { " " + $0.placeholder } ?? "")
            var help = option.help
            if let variable = option.environment { help += " [env: \(variable)]" }
            return (names, help)
        }
        let width = min(rows.map(\.0.count).max() ?? 0, 24) + 2
        for (names, help) in rows {
            let lines = wrap(help, width: 96 - width - 2)
            if names.count + 2 > width {
                text += "  \(names)\n"
                for line in lines { text += String(repeating: " ", count: width + 2) + line + "\n" }
            } else {
                for (index, line) in lines.enumerated() {
                    text += "  " + (index == 0 ? names.padding(width) : String(repeating: " ", count: width)) + line + "\n"
                }
            }
        }
        let codes = "EXIT CODES: " + exitCodes.map { "\($0.code) \($0.meaning)" }.joined(separator: ", ") + "."
        return text + "\n" + wrap(codes, width: 96).joined(separator: "\n")
    }

    /// The option a word names, by its long or short name.
    func option(named word: String) -> Option? {
        allOptions.first { $0.name == word || ($0.short.map { "-\($0)" } == word) }
    }
}

/// A value a command line word can take: its placeholder in help, and what it is, for completion.
struct Value: Sendable {
    /// How help writes it: `DIR`, `YYYY-MM-DD`, `text|json|github`.
    let placeholder: String
    /// What it is.
    let kind: ValueKind
}

/// What a value is, so that shells can complete it and help can describe it.
enum ValueKind: Equatable, Sendable {
    /// Day files and folders of them.
    case paths
    /// A folder.
    case folder
    /// Any file.
    case file
    /// A day: `YYYY-MM-DD`, or words such as `today` where the command accepts them.
    case date
    /// An hour of the day, 0 to 23.
    case hour
    /// One of a fixed list of words: formats, regions, buckets, statuses.
    case choice([String])
    /// A `#tag` of the plan folder.
    case tag
    /// Free text, such as a task's title.
    case text
    /// A command's name.
    case command
}

/// One option: `--name`, maybe `-n`, maybe a value, and its help.
struct Option: Sendable {
    /// The long name, with its dashes: `--write`.
    let name: String
    /// The one-letter short name, without its dash: `w` for `-w`.
    let short: Character?
    /// The value it takes; nil for a flag.
    let value: Value?
    /// The environment variable that gives its default, if any.
    let environment: String?
    /// One or two sentences for help.
    let help: String
    /// Whether the generated usage line shows it (common options such as `--quiet` are left out).
    let listedInUsage: Bool
    /// What its value is called in a message about a wrong one ("unknown region 'lunch'"); its name without
    /// dashes when that is the word already (`--format`).
    var noun: String { nounOverride ?? String(name.dropFirst(2)) }
    /// The noun when it is not the option's name.
    var nounOverride: String? = nil

    /// A flag: an option without a value.
    static func flag(_ name: String, short: Character? = nil, listedInUsage: Bool = true, _ help: String) -> Option {
        Option(name: name, short: short, value: nil, environment: nil, help: help, listedInUsage: listedInUsage)
    }

    /// An option that takes a value.
    static func option(_ name: String, short: Character? = nil, _ placeholder: String, _ kind: ValueKind,
                       environment: String? = nil, _ help: String) -> Option {
        Option(name: name, short: short, value: Value(placeholder: placeholder, kind: kind),
               environment: environment, help: help, listedInUsage: true)
    }

    /// An option whose value is one of `choices`, written `a|b|c` in help.
    static func choice(_ name: String, short: Character? = nil, noun: String? = nil, _ choices: [String], _ help: String) -> Option {
        // Joined by hand, not by the generic `joined(separator:)`: every run of a command with a choice makes it.
        var placeholder = ""
        for index in choices.indices {
            if index > 0 { placeholder += "|" }
            placeholder += choices[index]
        }
        return Option(name: name, short: short, value: Value(placeholder: placeholder, kind: .choice(choices)),
                      environment: nil, help: help, listedInUsage: true, nounOverride: noun)
    }

    /// `-h, --help`, which every command has.
    static let help = Option.flag("--help", short: "h", listedInUsage: false, "Show this help.")
    /// `-V, --version`, which `dayplan` itself takes (before any command).
    static let version = Option.flag("--version", short: "V", listedInUsage: false, "Print the version.")
    /// `-q, --quiet`: for commands that print a summary, print only errors.
    static let quiet = Option.flag("--quiet", short: "q", listedInUsage: false, "Print nothing but errors.")
}

/// Words of `text` in lines of at most `width` characters (a longer word stands alone).
func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
        if !line.isEmpty, line.count + 1 + word.count > width {
            lines.append(line)
            line = ""
        }
        line += (line.isEmpty ? "" : " ") + word
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
}

extension String {
    /// The string followed by spaces up to `width` characters.
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
