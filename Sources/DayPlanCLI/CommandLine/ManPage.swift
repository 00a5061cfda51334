/// The manual page dayplan(1), in mdoc, made from the commands' specs: each command's section holds the
/// same text as its `--help` (its about, options and exit codes), so the two cannot drift apart.
enum ManPage {
    /// The date the page carries (mdoc's `.Dd`): when what it says last changed in substance.
    static let date = "November 23, 2026"

    /// The files every command works with, for the FILES section.
    static let files: [(path: String, meaning: String)] = [
        ("YYYY-MM-DD.md", "A day file: the plan of one day, named by its date. Its format is described in dayplan(5)."),
        (".dayplan.lock", "In the plan folder: the lock every command that writes day files holds while it runs, so that two writers never interleave. Keep it out of version control."),
        (".NAME.PID-RANDOM.dayplan-tmp", "Beside a file being written: the temporary file of an atomic write, locked while in use. One left by a killed run is removed by the next."),
    ]

    /// Environment variables that no option names but every command honours.
    static let environment: [(variable: String, meaning: String)] = [
        ("DAYPLAN_NOW", "The time to take as now, for tests and scripts: seconds since 1970, or a local time as --now takes it (YYYY-MM-DDTHH:MM). A value that is neither is a usage error (exit 2), never the real clock in its place."),
        ("TZ", "The time zone that decides which day is today (the local one when unset)."),
    ]

    /// The whole page for `specs`.
    static func commands(_ specs: [CommandSpec], version: String) -> String {
        var page: [String] = [
            #".\" dayplan(1) for dayplan "# + version + #", made by 'dayplan help --man' from the commands' own descriptions."#,
            ".Dd \(date)",
            ".Dt DAYPLAN 1",
            ".Os",
            ".Sh NAME",
            ".Nm dayplan",
            ".Nd \(escaped(tagline))",
            ".Sh SYNOPSIS",
            ".Nm",
            ".Op Fl h | -help | Fl V | -version",
        ]
        for spec in specs {
            page += [".Nm", ".Cm \(spec.name)"]
            for option in spec.options where option.listedInUsage {
                page.append(".Op Fl \(option.name.dropFirst())" + (option.value.map { " Ar \(argument($0.placeholder))" } ?? ""))
            }
            if let arguments = spec.arguments { page.append(".Op Ar \(argument(arguments.placeholder))") }
        }
        page += [".Sh DESCRIPTION", ".Nm"]
        page += text("makes a plain-text daily plan a checkable file format: one file per day, split into Morning, Afternoon, Evening and Backlog, each time of day following the 1-3-5 rule (at most 1 must, 3 complementary and 5 misc tasks open at once).")
        page += text("The format is specified in")
        page += [".Xr dayplan 5 ."]
        page += [".Pp"] + text("Every command takes -h or --help and prints the same text as its section below; 'dayplan help COMMAND' does too.")
        for spec in specs {
            page += [".Ss \(spec.name)"] + text(spec.summary + ".")
            page += [".Pp"] + paragraphs(spec.about)
            page += [".Bl -tag -width Ds"]
            for option in spec.allOptions {
                var item = ".It Fl \(option.name.dropFirst())"
                if let short = option.short { item = ".It Fl \(short) , Fl \(option.name.dropFirst())" }
                if let value = option.value { item += " Ar \(argument(value.placeholder))" }
                page.append(item)
                page += text(option.help)
                if let variable = option.environment { page.append(".Pq env: Ev \(variable)") }
            }
            page += [".El", ".Pp", "Exit codes:", ".Bl -tag -width 3n -compact"]
            for (code, meaning) in spec.exitCodes { page += [".It \(code)"] + text(meaning) }
            page.append(".El")
        }
        page += [".Sh ENVIRONMENT", ".Bl -tag -width Ds"]
        // Each variable once, each of its meanings once, with the commands it is the default for (many commands
        // share --dir: one sentence, not one a command).
        var variables: [(variable: String, meanings: [(option: String, help: String, commands: [String])])] = []
        for spec in specs {
            for option in spec.allOptions {
                guard let variable = option.environment else { continue }
                let index = variables.firstIndex { $0.variable == variable } ?? {
                    variables.append((variable, []))
                    return variables.count - 1
                }()
                if let same = variables[index].meanings.firstIndex(where: { $0.option == option.name && $0.help == option.help }) {
                    variables[index].meanings[same].commands.append(spec.name)
                } else {
                    variables[index].meanings.append((option.name, option.help, [spec.name]))
                }
            }
        }
        let described = variables.map { entry in
            (entry.variable, entry.meanings.map { "The default of \($0.option) (\($0.commands.joined(separator: ", "))): " + lowercasedFirst($0.help) })
        }
        for (variable, meanings) in described + environment.map({ ($0.variable, [$0.meaning]) }) {
            page.append(".It Ev \(variable)")
            page += meanings.flatMap(text)
        }
        page += [".El", ".Sh FILES", ".Bl -tag -width Ds"]
        for (path, meaning) in files { page += [".It Pa \(argument(path))"] + text(meaning) }
        page += [".El", ".Sh EXIT STATUS"]
        page += text("Every command exits 0 when all is well, 1 for findings (lint errors, files fmt --check would change, a file left alone because of errors) and 2 for a usage or I/O error, with a message naming the file.")
        page += [".Sh EXAMPLES", "Check every day file below the current folder:", ".Dl dayplan lint",
                 "Rewrite a week of plans in canonical form:", ".Dl dayplan fmt --write plans/",
                 "Open today's plan from the most recent one:", ".Dl dayplan rollover --dir ~/plans",
                 ".Sh SEE ALSO", ".Xr dayplan 5"]
        return page.joined(separator: "\n") + "\n"
    }

    /// Hand-wrapped paragraphs (separated by blank lines) as mdoc text lines with `.Pp` between them.
    static func paragraphs(_ about: String) -> [String] {
        var lines: [String] = []
        var paragraph: [Substring] = []
        for line in about.split(separator: "\n", omittingEmptySubsequences: false) + [Substring("")] {
            if line.allSatisfy({ $0 == " " }) {
                if !paragraph.isEmpty {
                    if !lines.isEmpty { lines.append(".Pp") }
                    lines += text(paragraph.joined(separator: " "))
                }
                paragraph = []
            } else {
                paragraph.append(line)
            }
        }
        return lines
    }

    /// Running text as mdoc text lines: each sentence on a new line (as mdoc wants), lines of at most 80
    /// bytes, escaped.
    static func text(_ words: String) -> [String] {
        var lines: [String] = []
        var line = ""
        var previous: Character = " "
        for character in words {
            if character == " " {
                if [".", "!", "?"].contains(previous) {
                    if !line.isEmpty { lines.append(line) }
                    line = ""
                } else if !line.isEmpty {
                    line.append(" ")
                }
            } else {
                line.append(character)
            }
            previous = character
        }
        if !line.isEmpty { lines.append(line) }
        return lines.flatMap { wrap(escaped($0), width: 78) }.map { line in
            line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
        }
    }

    /// A macro argument such as a placeholder: escaped, with spaces kept inside it.
    static func argument(_ word: String) -> String {
        let escapedWord = escaped(word)
        return escapedWord.contains(" ") ? "\"\(escapedWord)\"" : escapedWord
    }

    /// Text with roff's escape character and non-ASCII characters written as roff escapes. A hyphen between
    /// two letters (`this-month`) is written `\-`, so that the page is not broken across lines there: the
    /// word stays one word, as in help.
    static func escaped(_ text: String) -> String {
        var result = ""
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if scalar == "\\" {
                result += "\\e"
            } else if scalar == "-", index > 0, index + 1 < scalars.count, scalars[index - 1].properties.isAlphabetic,
                      scalars[index + 1].properties.isAlphabetic {
                result += "\\-"
            } else if scalar.isASCII {
                result.unicodeScalars.append(scalar)
            } else {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        return result
    }

    /// The text with its first letter in lower case, to follow a colon.
    static func lowercasedFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }
}
