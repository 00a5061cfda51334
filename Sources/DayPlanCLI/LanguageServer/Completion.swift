import DayPlan
import DayPlanJSON

extension LanguageServer {
    /// The metadata keys offered after `@`, each with a line on what it does: the library's list.
    static let metadataKeys: [(key: String, insert: String, doc: String)] = MetadataKey.all.map {
        ($0.name, $0.takesValue ? $0.name + ":" : $0.name, $0.summary)
    }

    /// `textDocument/completion`: metadata keys after `@`, dates after a dated key (`@due:`), the plan
    /// folder's tags after `#`, and at the start of a line in a region the buckets that still have room.
    mutating func completion(_ params: JSONValue?) throws(ResponseError) -> JSONValue {
        let document = try document(params)
        let position = try Position(params?["position"], named: "position")
        let bytes = document.bytes
        let offset = document.offset(of: position, in: encoding)
        let lineStart = document.lineStarts[document.line(containing: offset)]
        var wordStart = offset
        while wordStart > lineStart, bytes[wordStart - 1] != UInt8(ascii: " "), bytes[wordStart - 1] != UInt8(ascii: "\t") {
            wordStart -= 1
        }
        let word = bytes[wordStart..<offset]
        var items: [JSONValue] = []
        func item(_ label: String, _ text: String, from start: Int, kind: Int, detail: String, doc: String? = nil,
                  order: Int) {
            var members: [JSONValue.Member] = [
                .init("label", .string(label)), .init("kind", .integer(kind)), .init("detail", .string(detail)),
                .init("sortText", .string(String(1000 + order))),
                .init("textEdit", ["range": document.range(start, offset, in: encoding), "newText": .string(text)]),
            ]
            // Only where it is not the label, which a client filters by when it is absent: yegappan/lsp matches a
            // filterText against the keyword before the cursor, its `#` or `@` left out, so `#home` never matched
            // `#ho`; without one it matches the text the edit adds after what was typed.
            if label != text { members.append(.init("filterText", .string(text))) }
            if let doc { members.append(.init("documentation", .string(doc))) }
            items.append(.object(members))
        }

        // A `#tag` or `@key`: the edit replaces the word from its sigil with the label, or with
        // `completeAfterSigil` the word after the sigil with the label's rest.
        func afterSigil(_ label: String, kind: Int, detail: String, doc: String? = nil, order: Int) {
            if completesAfterSigil {
                item(label, String(label.dropFirst()), from: wordStart + 1, kind: kind, detail: detail, doc: doc, order: order)
            } else {
                item(label, label, from: wordStart, kind: kind, detail: detail, doc: doc, order: order)
            }
        }

        if word.first == UInt8(ascii: "@") {
            if let colon = word.firstIndex(of: UInt8(ascii: ":")) {
                let key = String(decoding: word[(wordStart + 1)..<colon], as: UTF8.self).lowercased()
                if MetadataKey.named(key)?.takesDate == true, let today = LanguageServer.today() {
                    for (order, (day, name)) in LanguageServer.suggestedDays(from: today).enumerated() {
                        item(day.description, day.description, from: colon + 1, kind: 12, detail: name, order: order)
                    }
                }
            } else {
                // The edit replaces the word from its `@`, and inserts the label itself: a client that inserts the
                // label, or the common prefix of the items (Emacs' built-in completion), writes one `@`, not two.
                for (order, key) in LanguageServer.metadataKeys.enumerated() {
                    afterSigil("@" + key.insert, kind: 14, detail: "metadata", doc: key.doc, order: order)
                }
            }
        } else if word.first == UInt8(ascii: "#") {
            let open = documents.keys.sorted().map { uri in
                (path: Workspace.path(ofURI: uri), tags: analysis(of: uri)?.document.allTasks.flatMap(\.tags) ?? [])
            }
            // The word being typed is in the open document as a tag already (`#ho` on the way to `#home`): it is
            // not counted, or it would be offered as a tag of its own, and a client that inserts the items'
            // common prefix (Emacs' built-in completion) would find nothing to add.
            var wordEnd = offset
            while wordEnd < bytes.count, ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(bytes[wordEnd]) {
                wordEnd += 1
            }
            let typed = String(decoding: bytes[(wordStart + 1)..<wordEnd], as: UTF8.self)
            var order = 0
            for tag in workspace.tags(openDocuments: open) {
                let count = tag.name == typed ? tag.count - 1 : tag.count
                guard count > 0 else { continue }
                afterSigil("#" + tag.name, kind: 18, detail: "used \(count) time\(count == 1 ? "" : "s") in the plan folder", order: order)
                order += 1
            }
        } else if isTaskLineStart(bytes[lineStart..<offset]), let analysis = analysis(of: document.uri) {
            let line = analysis.formatLine(containing: offset)
            if let section = analysis.section(atFormatLine: line), section.headingLine != line, let region = section.region {
                let open = analysis.openCounts(in: region)
                for bucket in Bucket.allCases where !region.isLimited || open[bucket.rawValue] < bucket.limit {
                    let detail = region.isLimited
                        ? "\(bucket): \(open[bucket.rawValue]) of \(bucket.limit) open in \(region.name)"
                        : "\(bucket), in the Backlog (no limit)"
                    item("\(bucket.bullet) [ ] \(bucket)", "\(bucket.bullet) [ ] ", from: lineStart, kind: 15,
                         detail: detail, order: bucket.rawValue)
                }
            }
        }
        return ["isIncomplete": false, "items": .array(items)]
    }

    /// Whether what precedes the cursor on its line is where a task line starts: nothing, or a bullet and
    /// maybe one space.
    private func isTaskLineStart(_ prefix: ArraySlice<UInt8>) -> Bool {
        guard let first = prefix.first else { return true }
        let bullets: [UInt8] = [UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-")]
        return bullets.contains(first) && prefix.count <= 2 && prefix.dropFirst().allSatisfy { $0 == UInt8(ascii: " ") }
    }

    /// Today as rollover sees it (`DAYPLAN_NOW` and `DAYPLAN_DAY_STARTS_AT` honoured).
    static func today() -> Day? {
        Clock.today()
    }

    /// Days worth offering for a date: today, tomorrow, each weekday of the coming week, and two weeks on.
    static func suggestedDays(from today: Day) -> [(Day, String)] {
        let names = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        // 1970-01-05 was a Monday.
        let monday = Day(year: 1970, month: 1, day: 5)!
        func weekday(_ day: Day) -> String { names[((monday.days(until: day) % 7) + 7) % 7] }
        var days = [(today, "today, \(weekday(today))"), (today.adding(days: 1), "tomorrow, \(weekday(today.adding(days: 1)))")]
        for ahead in 2...8 {
            let day = today.adding(days: ahead)
            days.append((day, "next \(weekday(day))"))
        }
        days.append((today.adding(days: 14), "in two weeks, \(weekday(today.adding(days: 14)))"))
        return days
    }
}
