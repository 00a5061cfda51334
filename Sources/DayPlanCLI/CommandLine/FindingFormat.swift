import DayPlan

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
            FindingFormat.appendJSONString(file, to: &output)
            output += ",\"line\":\(start.line),\"column\":\(start.column),\"endLine\":\(end.line),\"endColumn\":\(end.column),\"severity\":\"\(finding.severity.rawValue)\",\"rule\":\"\(finding.rule.id)\",\"name\":\"\(finding.rule.name)\",\"message\":".utf8
            FindingFormat.appendJSONString(finding.message, to: &output)
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
