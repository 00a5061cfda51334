import DayPlan

extension LanguageServer {
    /// `textDocument/diagnostic` (for a client that pulls diagnostics): the document's findings, exactly those
    /// pushed to a client that does not; none for a note that is no day file of the plan.
    ///
    /// Each report has a `resultId` (the document's version); asked again with that id as `previousResultId`, the
    /// answer is an `unchanged` report.
    mutating func documentDiagnostic(_ params: JSONValue?) throws(ResponseError) -> JSONValue {
        let document = try document(params)
        let resultID = JSONValue.string("v\(document.version)-\(generation)")
        if params?["previousResultId"] == resultID { return ["kind": "unchanged", "resultId": resultID] }
        guard let analysis = analysis(of: document.uri), isPlanDay(document.uri, analysis) else {
            return ["kind": "full", "resultId": resultID, "items": []]
        }
        return ["kind": "full", "resultId": resultID, "items": .array(analysis.findings.map { diagnostic($0, in: document) })]
    }

    /// `workspace/diagnostic`: `dayplan lint`'s findings for every day file of the plan folder, one full report per
    /// file (an empty one for a clean file, so that the editor clears what it showed). The plan's adoption rules are
    /// lint's (`PlanAdoption`): a day file before the plan folder's `adopted` day is a note and gets no report. An
    /// open document is reported as the editor holds it, with its version; the others are read from disk and
    /// checked on all cores, as lint checks a folder.
    ///
    /// Each report has a `resultId`: an open document's version, a closed file's stamp (`FileSystem.stamp`). A file
    /// whose id the client sends back in `previousResultIds` unchanged gets an `unchanged` report, and is not read
    /// again: a client that pulls the folder every few seconds (VS Code's does) costs a look at each file's stamp.
    mutating func workspaceDiagnostics(_ params: JSONValue?) throws(ResponseError) -> JSONValue {
        guard params == nil || params?.isNull == true || params?.objectValue != nil else { throw .invalid("params is not an object") }
        var previous: [String: String] = [:]
        for entry in params?["previousResultIds"]?.arrayValue ?? [] {
            if let uri = entry["uri"]?.stringValue, let value = entry["value"]?.stringValue { previous[uri] = value }
        }
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
            let resultID = "v\(document.version)-\(generation)"
            if previous[uri] == resultID {
                reports.append(["kind": "unchanged", "uri": .string(uri), "version": .integer(document.version),
                                "resultId": .string(resultID)])
                continue
            }
            reports.append(["kind": "full", "uri": .string(uri), "version": .integer(document.version), "resultId": .string(resultID),
                            "items": .array(analysis.findings.map { diagnostic($0, in: document) })])
        }
        let encoding = self.encoding, today = Clock.today(), known = previous
        let carriedWarningDays = index.planFolder.settings.carriedWarningDays ?? Settings.defaultCarriedWarningDays
        let hours = dayHours()
        forEachInBatches(closed, work: { path -> JSONValue? in
            let uri = Workspace.fileURI(ofPath: path)
            let stamp = FileSystem.stamp(of: path)
            if let stamp, known[uri] == stamp {
                return ["kind": "unchanged", "uri": .string(uri), "version": nil, "resultId": .string(stamp)]
            }
            guard let bytes = try? FileSystem.read(path) else { return nil }
            let text = TextDocument(uri: uri, version: 0, text: bytes)
            let items = Linter.lint(bytes, fileName: path, today: today, carriedWarningDays: carriedWarningDays, hours: hours).map {
                LanguageServer.diagnostic($0, in: text, encoding: encoding)
            }
            var report: [JSONValue.Member] = [.init("kind", "full"), .init("uri", .string(uri)), .init("version", nil)]
            if let stamp { report.append(.init("resultId", .string(stamp))) }
            report.append(.init("items", .array(items)))
            return .object(report)
        }) { path, report in
            if let report { reports.append(report) } else { note("\(path): cannot be read; no diagnostics for it") }
        }
        return ["items": .array(reports)]
    }
}
