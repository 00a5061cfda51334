import DayPlan
import DayPlanJSON

extension LanguageServer {
    /// Where RULES.md is on this machine, as a `file:` URL: beside the installed binary
    /// (`PREFIX/share/doc/dayplan/docs/RULES.md`, as `make install` puts it), or in the checkout the binary was
    /// built in. Each diagnostic links to its rule's section there; nil (no link) when neither is found, rather
    /// than a link to a site that is not the project's.
    static let rulesDocument: String? = {
        guard let binary = Workspace.executablePath() else { return nil }
        var folder = FileSystem.directory(of: binary)
        var candidates = [FileSystem.join(FileSystem.directory(of: folder), "share/doc/dayplan/docs/RULES.md")]
        for _ in 0..<4 {
            candidates.append(FileSystem.join(folder, "docs/RULES.md"))
            folder = FileSystem.directory(of: folder)
        }
        return candidates.first { FileSystem.kind(of: $0) == .file }.map { Workspace.fileURI(ofPath: $0) }
    }()

    /// Pushes the diagnostics of every document that changed since the last push: exactly `dayplan lint`'s
    /// findings for that file, its name known, so the day heading is checked against it.
    mutating func publishDiagnostics() {
        let uris = changed
        changed.removeAll()
        // A client that pulls diagnostics asks for them (`textDocument/diagnostic`): pushing them too would show each twice.
        // After a document's whole text came (a reload), it is asked to pull again: yegappan/lsp pulls after the
        // changes it makes itself but not after a reload, and kept showing the findings of the text before.
        guard !pullsDiagnostics else {
            if wholeTextArrived, canRefreshDiagnostics, !uris.isEmpty {
                requestsSent += 1
                send(["jsonrpc": "2.0", "id": .string("dayplan-refresh-\(requestsSent)"), "method": "workspace/diagnostic/refresh"])
            }
            wholeTextArrived = false
            return
        }
        wholeTextArrived = false
        for uri in uris {
            guard let analysis = analysis(of: uri), let document = documents[uri] else { continue }
            // Findings on a text out of step with the editor's would point at the wrong places: none until it is back.
            // A note that is no day file of the plan gets none at all.
            let checked = document.outOfStep == nil && isPlanDay(uri, analysis)
            // Written as text: this runs on every keystroke, and today's plan may hold a thousand findings.
            var json = JSONTextWriter(capacity: 256 + (checked ? analysis.findings.count * 384 : 0))
            json.open("jsonrpc")
            json.string("2.0")
            json.member("method")
            json.string("textDocument/publishDiagnostics")
            json.member("params")
            json.open("uri")
            json.string(uri)
            json.member("version")
            json.integer(document.version)
            json.member("diagnostics")
            LanguageServer.diagnostics(checked ? analysis.findings : [], in: document, encoding: encoding, into: &json)
            json.close()
            json.close()
            channel.send(json)
        }
    }

    /// Writes `findings` as an array of protocol diagnostics.
    static func diagnostics(_ findings: [Diagnostic], in document: TextDocument, encoding: PositionEncoding,
                            into json: inout JSONTextWriter) {
        json.startArray()
        for index in findings.indices {
            if index > 0 { json.comma() }
            diagnostic(findings[index], in: document, encoding: encoding, into: &json)
        }
        json.endArray()
    }

    /// Writes one finding as a protocol diagnostic, its range in `encoding`: `range`, `severity`, `code`,
    /// `codeDescription` (its rule's section of RULES.md, left out when RULES.md is not found), `source`
    /// and `message`, in that order.
    static func diagnostic(_ finding: Diagnostic, in document: TextDocument, encoding: PositionEncoding,
                           into json: inout JSONTextWriter) {
        json.open("range")
        document.writeRange(finding.start.offset, finding.end.offset, in: encoding, into: &json)
        json.member("severity")
        json.integer(severityCode(of: finding))
        json.member("code")
        json.string(finding.rule.id)
        // The protocol's `codeDescription` is optional, not nullable: without RULES.md it is left out.
        if let rulesDocument = LanguageServer.rulesDocument {
            json.member("codeDescription")
            json.open("href")
            json.string(ruleLinks[finding.rule.id] ?? rulesDocument + "#" + anchor(of: finding.rule))
            json.close()
        }
        json.member("source")
        json.string("dayplan")
        json.member("message")
        json.string(finding.message)
        json.close()
    }

    /// The protocol's severity of a finding: 1 error, 2 warning, 3 information.
    static func severityCode(of finding: Diagnostic) -> Int {
        finding.severity == .error ? 1 : finding.severity == .warning ? 2 : 3
    }

    /// The link to each registered rule's section of RULES.md, by rule id, made once; empty when RULES.md is not found.
    static let ruleLinks: [String: String] = {
        guard let rulesDocument = LanguageServer.rulesDocument else { return [:] }
        return Dictionary(Rule.all.map { ($0.id, rulesDocument + "#" + anchor(of: $0)) }, uniquingKeysWith: { first, _ in first })
    }()

    /// The anchor of a rule's section in RULES.md (`## DP101 bucket-limit` is `dp101-bucket-limit`).
    static func anchor(of rule: Rule) -> String {
        "\(rule.id.lowercased())-\(rule.name)"
    }
}
