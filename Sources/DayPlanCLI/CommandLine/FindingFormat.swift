import DayPlan
import DayPlanJSON

/// How a finding is written for people and tools: the one place a `Diagnostic` becomes text, for every
/// command that reports findings.
enum FindingFormat {
    /// `path:line:column: severity: message [DP101/bucket-limit]`, as compilers write it (a line each).
    case text
    /// One JSON object, without a separator: `{"file":…,"line":…,…}` (docs/lint.md lists its fields).
    case json
    /// A GitHub Actions workflow command: `::error file=…,line=…::message` (a line each).
    case github

    /// The format lint's `--format` names.
    init(_ format: LintCommand.Format) {
        switch format {
        case .text: self = .text
        case .json: self = .json
        case .github: self = .github
        }
    }

    /// Appends one finding about the file shown as `file`.
    func write(_ finding: Diagnostic, file: String, to output: inout [UInt8]) {
        let start = finding.start, end = finding.end
        switch self {
        case .text:
            output += "\(file):\(start.line):\(start.column): \(finding.severity.rawValue): \(finding.message) [\(finding.rule)]\n".utf8
        case .json:
            output += "{\"file\":".utf8
            JSONTextWriter.appendString(file, to: &output)
            output += ",\"line\":\(start.line),\"column\":\(start.column),\"endLine\":\(end.line),\"endColumn\":\(end.column),\"severity\":\"\(finding.severity.rawValue)\",\"rule\":\"\(finding.rule.id)\",\"name\":\"\(finding.rule.name)\",\"message\":".utf8
            JSONTextWriter.appendString(finding.message, to: &output)
            output.append(UInt8(ascii: "}"))
        case .github:
            // GitHub's three levels are error, warning and notice.
            output += "::\(finding.severity == .information ? "notice" : finding.severity.rawValue) file=\(FindingFormat.githubProperty(file)),line=\(start.line),col=\(start.column),endColumn=\(end.column),title=\(FindingFormat.githubProperty(finding.rule.description))::\(FindingFormat.githubData(finding.message))\n".utf8
        }
    }

    /// One finding as a text line, without its line break: for commands that print findings on standard error.
    static func line(_ finding: Diagnostic, file: String) -> String {
        var bytes: [UInt8] = []
        FindingFormat.text.write(finding, file: file, to: &bytes)
        return String(decoding: bytes.dropLast(), as: UTF8.self)
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
