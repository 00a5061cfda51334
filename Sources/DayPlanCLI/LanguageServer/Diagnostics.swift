import DayPlan

extension LanguageServer {
    /// Where RULES.md is published; each diagnostic links to its rule's section there.
    static let rulesDocument = "https://github.com/OWNER/dayplan/blob/main/docs/RULES.md"

    /// Pushes the diagnostics of every document that changed since the last push: exactly `dayplan lint`'s
    /// findings for that file, its name known, so the day heading is checked against it.
    mutating func publishDiagnostics() {
        let uris = changed
        changed.removeAll()
        for uri in uris {
            guard let analysis = analysis(of: uri), let document = documents[uri] else { continue }
            // Findings on a text out of step with the editor's would point at the wrong places: none until it is back.
            // A note that is no day file of the plan gets none at all.
            let checked = document.outOfStep == nil && isPlanDay(uri, analysis)
            let diagnostics = checked ? analysis.findings.map { diagnostic($0, in: document) } : []
            send(["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": [
                "uri": .string(uri), "version": .integer(document.version), "diagnostics": .array(diagnostics),
            ]])
        }
    }

    /// One finding as a protocol diagnostic.
    func diagnostic(_ finding: Diagnostic, in document: TextDocument) -> JSONValue {
        [
            "range": document.range(finding.start.offset, finding.end.offset, in: encoding),
            "severity": finding.severity == .error ? 1 : 2,
            "code": .string(finding.rule.id),
            "codeDescription": ["href": .string(LanguageServer.rulesDocument + "#" + LanguageServer.anchor(of: finding.rule))],
            "source": "dayplan",
            "message": .string(finding.message),
        ]
    }

    /// The anchor of a rule's section in RULES.md (`## DP101 bucket-limit` is `dp101-bucket-limit`).
    static func anchor(of rule: Rule) -> String {
        "\(rule.id.lowercased())-\(rule.name)"
    }
}
