import DayPlan

/// `dayplan lint`: checks day files against the format and the 1-3-5 rule.
enum LintCommand {
    static let spec = CommandSpec(
        name: "lint",
        summary: "Check day files against the format and the 1-3-5 rule",
        arguments: Value(placeholder: "PATH ...", kind: .paths),
        about: """
            Checks day files and reports every finding with its file, line, column, severity and rule
            (RULES.md lists the rules). With no PATH, checks the day files (YYYY-MM-DD.md) below the
            current folder; a folder stands for the day files below it, hidden folders (.git among
            them) skipped; a file is checked whatever its name; - reads standard input.

            Columns count UTF-8 bytes from 1.
            """,
        options: [
            .choice("--format", Format.allCases.map(\.rawValue),
                    #"text (default): path:line:column: severity: message [rule], with a one-line summary on standard error. json: one JSON document, {"version":1,"files":N,"diagnostics":[…]}. github: GitHub Actions workflow commands (::error file=…::…)."#),
            .flag("--strict", "Warnings fail the run too (exit 1)."),
            .option("--stdin-filename", "NAME", .file,
                    "The name standard input is reported under, and checked against its day heading (default <stdin>). For editors and git hooks."),
        ],
        exitCodes: [(0, "no errors (warnings allowed)"), (1, "errors (or warnings with --strict)"),
                    (2, "usage or I/O error (other files are still checked and reported)")])

    /// How findings are written.
    enum Format: String, CaseIterable {
        case text, json, github
    }

    static func run(_ words: [String]) -> ExitCode {
        var out = Output.standard
        var err = Output.error
        defer { out.flush(); err.flush() }

        let arguments: Arguments
        do {
            arguments = try Arguments.forCommand(spec, words)
        } catch {
            return error
        }
        let format = arguments.options["--format"].flatMap(Format.init(rawValue:)) ?? .text
        let strict = arguments.flags.contains("--strict")
        let stdinName = arguments.options["--stdin-filename"] ?? "<stdin>"

        // Files as given, folders as their day files; sorted and each once, so the output order is fixed.
        var paths: [String]
        do {
            paths = try FileSystem.expand(arguments.positionals.isEmpty ? ["."] : arguments.positionals)
            // One folder's day files come sorted already.
            if arguments.positionals.count > 1 { paths = sortedOnce(paths) }
        } catch {
            err.line("dayplan lint: \(error.message)")
            return .failure
        }
        let searchedHere = arguments.positionals.isEmpty
        @Sendable func shownName(_ path: String) -> String {
            if path == "-" { return stdinName }
            if searchedHere, path.hasPrefix("./") { return String(path.dropFirst(2)) }
            return path
        }

        if format == .json { out.write("{\"version\":1,\"files\":\(paths.count),\"diagnostics\":[") }
        var errors = 0, warnings = 0, filesWithFindings = 0, unreadable = 0
        var wroteDiagnostic = false
        // Read and checked on every core, a bounded batch at a time; reported in path order.
        forEachInBatches(paths, work: { path in check(path, shownAs: shownName(path), format: format) }) { _, report in
            if let failure = report.failure {
                err.line("dayplan lint: \(failure)")
                unreadable += 1
                return
            }
            errors += report.errors
            warnings += report.warnings
            if report.errors + report.warnings > 0 { filesWithFindings += 1 }
            guard !report.output.isEmpty else { return }
            if format == .json { out.write(wroteDiagnostic ? ",\n" : "\n") }
            out.write(bytes: report.output)
            wroteDiagnostic = true
        }
        if format == .json { out.write(wroteDiagnostic ? "\n]}\n" : "]}\n") }
        if format == .text {
            err.line(summaryLine(errors: errors, warnings: warnings, inFiles: filesWithFindings,
                                 of: paths.count - unreadable, unreadable: unreadable))
        }

        if unreadable > 0 { return .failure }
        return errors > 0 || (strict && warnings > 0) ? .findings : .success
    }

    /// The paths in byte order, each once (byte for byte: two spellings of the same file both stay).
    static func sortedOnce(_ paths: [String]) -> [String] {
        var result: [String] = []
        for path in paths.sorted(by: FileSystem.precedes) where !(result.last.map { $0.utf8.elementsEqual(path.utf8) } ?? false) {
            result.append(path)
        }
        return result
    }

    /// What checking one file gave: its findings written in the chosen format, or why it could not be read.
    struct Report {
        var output: [UInt8] = []
        var errors = 0
        var warnings = 0
        var failure: String?
    }

    /// Reads and checks one file. Runs on any thread: it touches nothing shared.
    static func check(_ path: String, shownAs name: String, format: Format) -> Report {
        var report = Report()
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path)
        } catch {
            report.failure = error.message.hasPrefix("-:") ? name + error.message.dropFirst(1) : error.message
            return report
        }
        let findings = Linter.lint(bytes, fileName: name)
        for finding in findings {
            if finding.severity == .error { report.errors += 1 } else { report.warnings += 1 }
            switch format {
            case .text:
                report.output += "\(name):\(finding.start.line):\(finding.start.column): \(finding.severity.rawValue): \(finding.message) [\(finding.rule)]\n".utf8
            case .json:
                if report.output.count > 0 { report.output += ",\n".utf8 }
                report.output += "{\"file\":".utf8
                appendJSONString(name, to: &report.output)
                report.output += ",\"line\":\(finding.start.line),\"column\":\(finding.start.column),\"endLine\":\(finding.end.line),\"endColumn\":\(finding.end.column),\"severity\":\"\(finding.severity.rawValue)\",\"rule\":\"\(finding.rule.id)\",\"name\":\"\(finding.rule.name)\",\"message\":".utf8
                appendJSONString(finding.message, to: &report.output)
                report.output.append(UInt8(ascii: "}"))
            case .github:
                report.output += "::\(finding.severity.rawValue) file=\(githubProperty(name)),line=\(finding.start.line),col=\(finding.start.column),endColumn=\(finding.end.column),title=\(githubProperty(finding.rule.description))::\(githubData(finding.message))\n".utf8
            }
        }
        return report
    }

    /// "3 errors and 1 warning in 2 of 10 files", or "10 files checked, no problems".
    static func summaryLine(errors: Int, warnings: Int, inFiles bad: Int, of total: Int, unreadable: Int) -> String {
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        var line: String
        if total == 0 && unreadable == 0 {
            line = "no day files (YYYY-MM-DD.md) to check"
        } else if errors + warnings == 0 {
            line = "\(count(total, "file")) checked, no problems"
        } else {
            let found = [errors > 0 ? count(errors, "error") : nil, warnings > 0 ? count(warnings, "warning") : nil]
            line = "\(found.compactMap { $0 }.joined(separator: " and ")) in \(bad) of \(count(total, "file"))"
        }
        if unreadable > 0 { line += "; \(count(unreadable, "file")) could not be read" }
        return line
    }

    /// Appends `text` as a JSON string: quotes, backslashes and control characters escaped.
    static func appendJSONString(_ text: String, to output: inout [UInt8]) {
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                output += [UInt8(ascii: "\\"), byte]
            case UInt8(ascii: "\n"): output += "\\n".utf8
            case UInt8(ascii: "\r"): output += "\\r".utf8
            case UInt8(ascii: "\t"): output += "\\t".utf8
            case 0..<0x20:
                output += "\\u00".utf8
                output += [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default:
                output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// A workflow command's message: `%`, CR and LF escaped.
    static func githubData(_ text: String) -> String {
        var escaped = ""
        for character in text.unicodeScalars {
            switch character {
            case "%": escaped += "%25"
            case "\r": escaped += "%0D"
            case "\n": escaped += "%0A"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    /// A workflow command's property value: as its message, and `:` and `,` escaped too.
    static func githubProperty(_ text: String) -> String {
        var escaped = ""
        for character in githubData(text).unicodeScalars {
            switch character {
            case ":": escaped += "%3A"
            case ",": escaped += "%2C"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}
