import DayPlan

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
        guard !pullsDiagnostics else { return }
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
        LanguageServer.diagnostic(finding, in: document, encoding: encoding)
    }

    /// One finding as a protocol diagnostic, its range in `encoding`.
    static func diagnostic(_ finding: Diagnostic, in document: TextDocument, encoding: PositionEncoding) -> JSONValue {
        [
            "range": document.range(finding.start.offset, finding.end.offset, in: encoding),
            "severity": finding.severity == .error ? 1 : finding.severity == .warning ? 2 : 3,
            "code": .string(finding.rule.id),
            "codeDescription": LanguageServer.rulesDocument.map { ["href": .string($0 + "#" + LanguageServer.anchor(of: finding.rule))] } ?? nil,
            "source": "dayplan",
            "message": .string(finding.message),
        ]
    }

    /// The anchor of a rule's section in RULES.md (`## DP101 bucket-limit` is `dp101-bucket-limit`).
    static func anchor(of rule: Rule) -> String {
        "\(rule.id.lowercased())-\(rule.name)"
    }
}
