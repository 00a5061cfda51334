import DayPlan

extension LanguageServer {
    /// `textDocument/diagnostic` (for a client that pulls diagnostics): the document's findings, exactly those
    /// pushed to a client that does not; none for a note that is no day file of the plan.
    mutating func documentDiagnostic(_ params: JSONValue?) throws(ResponseError) -> JSONValue {
        let document = try document(params)
        guard let analysis = analysis(of: document.uri), isPlanDay(document.uri, analysis) else {
            return ["kind": "full", "items": []]
        }
        return ["kind": "full", "items": .array(analysis.findings.map { diagnostic($0, in: document) })]
    }

    /// `workspace/diagnostic`: `dayplan lint`'s findings for every day file of the plan folder, one full report per
    /// file (an empty one for a clean file, so that the editor clears what it showed). The plan's adoption rules are
    /// lint's (`PlanAdoption`): a day file before the plan folder's `adopted` day is a note and gets no report. An
    /// open document is reported as the editor holds it, with its version; the others are read from disk and
    /// checked on all cores, as lint checks a folder.
    mutating func workspaceDiagnostics(_ params: JSONValue?) throws(ResponseError) -> JSONValue {
        guard params == nil || params?.objectValue != nil else { throw .invalid("params is not an object") }
        guard let index = planIndex() else { return ["items": []] }
        var reports: [JSONValue] = []
        var closed: [String] = []
        for file in index.files where adoption.isPlanDay(file.path, heading: nil) {
            let uri = Workspace.fileURI(ofPath: file.path)
            guard let document = documents[uri] else {
                closed.append(file.path)
                continue
            }
            guard document.outOfStep == nil, let analysis = analysis(of: uri) else { continue }
            reports.append(["kind": "full", "uri": .string(uri), "version": .integer(document.version),
                            "items": .array(analysis.findings.map { diagnostic($0, in: document) })])
        }
        let encoding = self.encoding, today = Clock.today()
        forEachInBatches(closed, work: { path -> JSONValue? in
            guard let bytes = try? FileSystem.read(path) else { return nil }
            let uri = Workspace.fileURI(ofPath: path)
            let text = TextDocument(uri: uri, version: 0, text: bytes)
            let items = Linter.lint(bytes, fileName: path, today: today).map {
                LanguageServer.diagnostic($0, in: text, encoding: encoding)
            }
            return ["kind": "full", "uri": .string(uri), "version": nil, "items": .array(items)]
        }) { path, report in
            if let report { reports.append(report) } else { note("\(path): cannot be read; no diagnostics for it") }
        }
        return ["items": .array(reports)]
    }
}
