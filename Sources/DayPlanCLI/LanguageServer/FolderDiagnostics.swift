import DayPlan
import DayPlanJSON

extension LanguageServer {
    /// `textDocument/diagnostic` (for a client that pulls diagnostics): the document's findings, exactly those
    /// pushed to a client that does not; none for a note that is no day file of the plan.
    ///
    /// Each report has a `resultId` (the document's version); asked again with that id as `previousResultId`, the
    /// answer is an `unchanged` report.
    mutating func documentDiagnostic(_ params: JSONValue?) throws(ResponseError) -> [UInt8] {
        let document = try document(params)
        let resultID = "v\(document.version)-\(generation)"
        if params?["previousResultId"] == .string(resultID) {
            return LanguageServer.report(kind: "unchanged", resultID: resultID)
        }
        guard let analysis = analysis(of: document.uri), isPlanDay(document.uri, analysis) else {
            return LanguageServer.report(kind: "full", resultID: resultID, items: ([], document, encoding))
        }
        return LanguageServer.report(kind: "full", resultID: resultID, items: (analysis.findings, document, encoding))
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
    mutating func workspaceDiagnostics(_ params: JSONValue?) throws(ResponseError) -> [UInt8] {
        guard params == nil || params?.isNull == true || params?.objectValue != nil else { throw .invalid("params is not an object") }
        var previous: [String: String] = [:]
        for entry in params?["previousResultIds"]?.arrayValue ?? [] {
            if let uri = entry["uri"]?.stringValue, let value = entry["value"]?.stringValue { previous[uri] = value }
        }
        // `{"items":[…]}`, a report per file, each written as text (the open documents' here, the others' as they are
        // checked).
        var json = JSONTextWriter(capacity: 4096)
        json.open("items")
        json.startArray()
        var first = true
        func append(_ report: [UInt8], to json: inout JSONTextWriter) {
            if !first { json.comma() }
            first = false
            json.append(written: report)
        }
        guard let index = planIndex() else {
            json.endArray()
            json.close()
            return json.bytes
        }
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
                append(LanguageServer.report(kind: "unchanged", uri: uri, version: document.version, resultID: resultID), to: &json)
                continue
            }
            append(LanguageServer.report(kind: "full", uri: uri, version: document.version, resultID: resultID,
                                         items: (analysis.findings, document, encoding)), to: &json)
        }
        let encoding = self.encoding, today = Clock.today(), known = previous
        let carriedWarningDays = index.planFolder.settings.carriedWarningDays ?? Settings.defaultCarriedWarningDays
        let hours = dayHours()
        forEachInBatches(closed, work: { path -> [UInt8]? in
            let uri = Workspace.fileURI(ofPath: path)
            let stamp = FileSystem.stamp(of: path)
            if let stamp, known[uri] == stamp {
                return LanguageServer.report(kind: "unchanged", uri: uri, resultID: stamp)
            }
            guard let bytes = try? FileSystem.read(path) else { return nil }
            let text = TextDocument(uri: uri, version: 0, text: bytes)
            let findings = Linter.lint(bytes, fileName: path, today: today, carriedWarningDays: carriedWarningDays, hours: hours)
            return LanguageServer.report(kind: "full", uri: uri, resultID: stamp, items: (findings, text, encoding))
        }) { path, report in
            if let report { append(report, to: &json) } else { note("\(path): cannot be read; no diagnostics for it") }
        }
        json.endArray()
        json.close()
        return json.bytes
    }

    /// One diagnostic report as text: `{"kind":…,"uri":…,"version":…,"resultId":…,"items":[…]}`. A document's report
    /// has no `uri` or `version` (`textDocument/diagnostic`); a folder's names the file and its open version, null for a
    /// closed file (`workspace/diagnostic`). `resultId` is left out when nil; `items` are the findings on `document`, with
    /// ranges in `encoding`, left out when nil (an unchanged report has none).
    static func report(kind: StaticString, uri: String? = nil, version: Int? = nil, resultID: String?,
                       items: (findings: [Diagnostic], document: TextDocument, encoding: PositionEncoding)? = nil) -> [UInt8] {
        var json = JSONTextWriter(capacity: 128 + (items?.findings.count ?? 0) * 384)
        json.open("kind")
        json.string("\(kind)")
        if let uri {
            json.member("uri")
            json.string(uri)
            json.member("version")
            json.integer(version)
        }
        if let resultID {
            json.member("resultId")
            json.string(resultID)
        }
        if let items {
            json.member("items")
            diagnostics(items.findings, in: items.document, encoding: items.encoding, into: &json)
        }
        json.close()
        return json.bytes
    }
}
