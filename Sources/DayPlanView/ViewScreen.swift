import DayPlan
import DayPlanFlow

/// How the panes are laid out for a width: side by side (100 columns or more), stacked one above the other
/// (60 to 99), or one compact list (fewer than 60).
public enum ViewLayout: Hashable, Sendable {
    /// Morning, Afternoon, Evening and the Backlog in four columns.
    case sideBySide
    /// The panes one above the other, full width.
    case stacked
    /// One list, full width, with empty slots counted in their bucket's line rather than drawn.
    case oneList

    /// The layout for a screen `columns` wide.
    public init(columns: Int) {
        self = columns >= 100 ? .sideBySide : columns >= 60 ? .stacked : .oneList
    }
}

/// Draws a `DayView` into a `CellGrid`: the header (the day, its progress, now and next, lint's count), the panes
/// in the layout the width asks for, the message or prompt line, and the key hints with the file's path. Without
/// `colour` (`NO_COLOR`), only bold, dim, reverse and underline are used; no background is ever painted.
public struct ViewScreen {
    /// The file's path, as the status line shows it.
    public var path: String
    /// Whether to use the 16 colours.
    public var colour: Bool
    /// How many columns a character takes.
    public var widthOf: (Character) -> Int

    /// A screen for the file at `path`.
    public init(path: String, colour: Bool, widthOf: @escaping (Character) -> Int = CharacterWidth.of) {
        self.path = path
        self.colour = colour
        self.widthOf = widthOf
    }

    /// One line of a pane, before it is placed.
    struct Line {
        var text: String
        var detail = ""
        var style = CellStyle.plain
        var detailStyle = CellStyle(dim: true)
        var indent = 0
        var selected = false
        /// The task it shows: its pane and index there.
        var task: (pane: Int, index: Int)?
        /// The region's hours it draws as a strip of time blocks, and now (a minute of the day) on them.
        var strip: (blocks: TimeBlocks.RegionBlocks, now: Int?)?
    }

    private func tint(_ colour: UInt8, _ style: CellStyle = .plain) -> CellStyle {
        var style = style
        if self.colour { style.colour = colour }
        return style
    }

    /// The view drawn on a screen of `columns` by `rows`.
    public func draw(_ view: DayView, columns: Int, rows: Int) -> CellGrid {
        var grid = CellGrid(columns: columns, rows: rows)
        header(view, into: &grid)
        let said = messageLines(view, columns: grid.columns, rows: grid.rows)
        let top = 2, bottom = max(top, grid.rows - 1 - said.count)
        if let preview = view.rolloverPreview {
            rolloverPreview(preview, into: &grid, top: top, height: bottom - top)
        } else if view.showsHelp {
            help(into: &grid, top: top, height: bottom - top)
        } else if view.isFocused {
            pane(view, view.pane, into: &grid, x: 0, y: top, width: grid.columns, height: bottom - top, compact: ViewLayout(columns: columns) == .oneList)
        } else {
            switch ViewLayout(columns: grid.columns) {
            case .sideBySide:
                let width = (grid.columns - (view.panes.count - 1)) / view.panes.count
                for index in view.panes.indices {
                    let x = index * (width + 1)
                    pane(view, index, into: &grid, x: x, y: top, width: width, height: bottom - top, compact: false)
                    if index > 0 {
                        for y in top..<bottom { grid.write("│", x: x - 1, y: y, style: CellStyle(dim: true)) }
                    }
                }
            case .stacked, .oneList:
                list(view, into: &grid, top: top, height: bottom - top, compact: ViewLayout(columns: grid.columns) == .oneList)
            }
        }
        status(view, said, into: &grid)
        return grid
    }

    // MARK: - Parts

    private func header(_ view: DayView, into grid: inout CellGrid) {
        let day = view.context.day, progress = view.progress
        var x = grid.write("\(Weekday(of: day).name) \(day)", x: 0, y: 0, style: CellStyle(bold: true), widthOf: widthOf)
        func part(_ text: String, _ style: CellStyle = .plain) {
            guard x < grid.columns else { return }
            x += grid.write(" · ", x: x, y: 0, style: CellStyle(dim: true), widthOf: widthOf)
            x += grid.write(text, x: x, y: 0, style: style, widthOf: widthOf)
        }
        if view.bytes == nil {
            part("no plan yet", tint(3))
        } else if progress.planned == 0 {
            part("nothing planned yet")
        } else {
            let percent = (progress.done * 100 + progress.planned / 2) / progress.planned
            let filled = (progress.done * 10 + progress.planned / 2) / progress.planned
            part("\(progress.done) of \(progress.planned) done (\(percent)%) "
                 + String(repeating: "█", count: filled) + String(repeating: "░", count: 10 - filled),
                 progress.done == progress.planned ? tint(2, CellStyle(bold: true)) : CellStyle(bold: true))
        }
        if let minute = view.context.minute {
            let now = view.schedule.current(at: minute).map { "\($0.clock) \($0.title)" }
            if !now.isEmpty { part("now: " + now.joined(separator: ", ")) }
            if let next = view.schedule.next(after: minute) { part("next: \(next.clock) \(next.title)") }
        }
        let findings = view.findings
        if findings.errors + findings.warnings > 0 {
            let words = [findings.errors > 0 ? "\(findings.errors) error\(findings.errors == 1 ? "" : "s")" : nil,
                         findings.warnings > 0 ? "\(findings.warnings) warning\(findings.warnings == 1 ? "" : "s")" : nil]
            part("lint: " + words.compactMap { $0 }.joined(separator: " and "), tint(findings.errors > 0 ? 1 : 3))
        }
    }

    /// The lines of pane `index`, and which of them holds the selection.
    func lines(_ view: DayView, _ index: Int, compact: Bool) -> (lines: [Line], selected: Int?) {
        let pane = view.panes[index]
        var lines: [Line] = []
        var selected: Int?
        // The region's hours as time blocks, under its title (not in the narrowest layout).
        if !compact, view.bytes != nil, let blocks = view.blocks.regions.first(where: { $0.region == pane.region }), !blocks.hours.isEmpty {
            lines.append(Line(text: "", strip: (blocks, view.context.minute)))
        }
        for row in pane.rows {
            switch row {
            case .event(let text):
                lines.append(Line(text: "◷ " + text, style: tint(6, CellStyle(dim: true))))
            case .bucket(let bucket, let open):
                var text = "\(bucket) \(open)/\(bucket.limit)"
                if compact, open < bucket.limit { text += " · \(bucket.limit - open) free" }
                let style = open > bucket.limit ? tint(1, CellStyle(bold: true)) : open == bucket.limit ? tint(3, CellStyle(bold: true))
                    : CellStyle(bold: true)
                lines.append(Line(text: text, style: style))
            case .task(let number):
                let task = pane.tasks[number]
                var line = Line(text: "\(task.box) \(task.task.title)", detail: task.details, indent: 2, task: (index, number))
                if !task.task.status.isOpen {
                    line.style = CellStyle(dim: true)
                } else if task.task.status == .inProgress {
                    line.style = tint(3)
                }
                if task.overdueDays != nil { line.detailStyle = tint(1) }
                if index == view.pane, number == view.row {
                    line.selected = true
                    selected = lines.count
                }
                lines.append(line)
            case .emptySlot:
                if !compact { lines.append(Line(text: "·  free slot", style: CellStyle(dim: true), indent: 2)) }
            case .group(let name):
                lines.append(Line(text: name, style: CellStyle(underline: true)))
            }
        }
        return (lines, selected)
    }

    private func pane(_ view: DayView, _ index: Int, into grid: inout CellGrid, x: Int, y: Int, width: Int, height: Int, compact: Bool) {
        guard height > 0, width > 0 else { return }
        let title = view.panes[index].title
        let current = index == view.pane
        grid.write(title, x: x, y: y, limit: width, style: current ? tint(6, CellStyle(bold: true, underline: true)) : CellStyle(bold: true),
                   widthOf: widthOf)
        let (lines, selected) = self.lines(view, index, compact: compact)
        place(lines, selected: selected, into: &grid, x: x, y: y + 1, width: width, height: height - 1)
    }

    /// Lines drawn from row `y`, scrolled so that the selected one shows.
    private func place(_ lines: [Line], selected: Int?, into grid: inout CellGrid, x: Int, y: Int, width: Int, height: Int) {
        guard height > 0 else { return }
        var offset = 0
        if let selected, selected >= height { offset = selected - height + 1 }
        for (row, line) in lines.dropFirst(offset).prefix(height).enumerated() {
            let at = y + row
            var column = x + line.indent
            let room = width - line.indent
            guard room > 0 else { continue }
            var style = line.style
            if line.selected { style.reverse = true }
            if let task = line.task {
                grid.places.append(TaskPlace(row: at, columns: x..<(x + width), pane: task.pane, task: task.index))
            }
            if let strip = line.strip {
                self.strip(strip.blocks, now: strip.now, into: &grid, x: column, y: at, width: room)
                continue
            }
            let used = grid.write(line.text, x: column, y: at, limit: room, style: style, widthOf: widthOf)
            column += used
            if !line.detail.isEmpty, room - used > 3 {
                column += grid.write("  ", x: column, y: at, limit: x + width - column, style: line.selected ? style : .plain, widthOf: widthOf)
                var detail = line.detailStyle
                if line.selected { detail.reverse = true }
                column += grid.write(line.detail, x: column, y: at, limit: x + width - column, style: detail, widthOf: widthOf)
            }
        }
    }

    /// A region's hours as one row: its first and last hour, and between them a cell per stretch of time, an event
    /// `█`, a timed task `▓`, free `·` (the blocks of `TimeBlocks`, as `dayplan plan` lists them); now is reversed.
    private func strip(_ blocks: TimeBlocks.RegionBlocks, now: Int?, into grid: inout CellGrid, x: Int, y: Int, width: Int) {
        func hour(_ minute: Int) -> String { minute / 60 < 10 ? "0\(minute / 60)" : "\(minute / 60)" }
        let labelled = width >= 16
        let cells = labelled ? width - 6 : width
        guard cells > 0 else { return }
        var column = x
        if labelled { column += grid.write(hour(blocks.hours.lowerBound) + " ", x: column, y: y, style: CellStyle(dim: true), widthOf: widthOf) }
        let start = blocks.hours.lowerBound, length = blocks.hours.count
        for cell in 0..<cells {
            let from = start + cell * length / cells, to = max(from + 1, start + (cell + 1) * length / cells)
            let kinds = Set(blocks.blocks.filter { $0.minutes.overlaps(from..<to) }.map(\.kind))
            var style = kinds.contains(.event) ? tint(6) : kinds.contains(.task) ? tint(3) : CellStyle(dim: true)
            if let now, (from..<to).contains(now) { style.reverse = true }
            column += grid.write(kinds.contains(.event) ? "█" : kinds.contains(.task) ? "▓" : "·", x: column, y: y, style: style, widthOf: widthOf)
        }
        if labelled { grid.write(" " + hour(blocks.hours.upperBound), x: column, y: y, style: CellStyle(dim: true), widthOf: widthOf) }
    }

    private func list(_ view: DayView, into grid: inout CellGrid, top: Int, height: Int, compact: Bool) {
        var all: [Line] = []
        var selected: Int?
        for index in view.panes.indices {
            if index > 0, !compact { all.append(Line(text: "")) }
            let current = index == view.pane
            all.append(Line(text: view.panes[index].title,
                            style: current ? tint(6, CellStyle(bold: true, underline: true)) : CellStyle(bold: true)))
            let (lines, chosen) = self.lines(view, index, compact: compact)
            if let chosen { selected = all.count + chosen }
            all += lines
        }
        place(all, selected: selected, into: &grid, x: 0, y: top, width: grid.columns, height: height)
    }

    private func help(into grid: inout CellGrid, top: Int, height: Int) {
        grid.write("Keys (? or any key closes this)", x: 0, y: top, style: CellStyle(bold: true), widthOf: widthOf)
        let rows = KeyBinding.all
        let space = max(1, height - 1)
        let columnsNeeded = (rows.count + space - 1) / space
        let width = grid.columns / max(1, columnsNeeded)
        for (index, binding) in rows.enumerated() {
            let column = index / space, row = index % space
            let x = column * width
            guard x < grid.columns else { break }
            let used = grid.write(binding.label, x: x + 1, y: top + 1 + row, limit: 16, style: CellStyle(bold: true), widthOf: widthOf)
            grid.write(binding.help, x: x + 1 + max(used + 1, 17), y: top + 1 + row, limit: max(0, width - 19), widthOf: widthOf)
        }
    }

    /// What `dayplan rollover --dry-run` said, under a line saying what `y` does; the end of it (its summary)
    /// kept in sight when it is longer than the screen.
    private func rolloverPreview(_ lines: [String], into grid: inout CellGrid, top: Int, height: Int) {
        guard height > 0 else { return }
        grid.write("Rollover: y does what follows; any other key leaves everything as it is", x: 0, y: top,
                   style: CellStyle(bold: true), widthOf: widthOf)
        let room = height - 1
        let wrapped = lines.flatMap { wrap($0, columns: grid.columns - 1) }
        let shown = wrapped.count > room ? ["…"] + wrapped.suffix(max(0, room - 1)) : wrapped
        for (index, line) in shown.prefix(room).enumerated() {
            grid.write(line, x: 1, y: top + 1 + index, limit: grid.columns - 1, widthOf: widthOf)
        }
    }

    /// The message in lines of the screen's width: as many as it takes, up to three (a refusal says where there
    /// is room, which is long), and at most a third of the screen; one line when there is no message.
    private func messageLines(_ view: DayView, columns: Int, rows: Int) -> [String] {
        guard view.prompt == nil, let message = view.message else { return [""] }
        let lines = wrap(message.text, columns: columns)
        let most = max(1, min(3, rows / 3))
        guard lines.count > most else { return lines }
        // What does not fit is cut at the last line's end (the grid writes the ellipsis).
        return Array(lines.prefix(most - 1)) + [lines[(most - 1)...].joined(separator: " ")]
    }

    /// `text` in lines of at most `columns`, broken between words (a word longer than a line is cut when drawn).
    private func wrap(_ text: String, columns: Int) -> [String] {
        var lines: [String] = []
        var line = "", used = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let width = word.reduce(0) { $0 + widthOf($1) }
            if used > 0, used + 1 + width > columns {
                lines.append(line)
                line = ""
                used = 0
            }
            line += (used > 0 ? " " : "") + word
            used += (used > 0 ? 1 : 0) + width
        }
        lines.append(line)
        return lines
    }

    private func status(_ view: DayView, _ said: [String], into grid: inout CellGrid) {
        guard grid.rows >= 3 else { return }
        let messageRow = grid.rows - 1 - said.count, hintRow = grid.rows - 1
        if let prompt = view.prompt {
            var x = grid.write(prompt.label(in: view.panes[view.pane].region), x: 0, y: messageRow, style: CellStyle(bold: true), widthOf: widthOf)
            // The end of what is typed stays in sight: the text is cut from its start when it is long.
            var text = prompt.text
            while !text.isEmpty, x + text.reduce(0, { $0 + widthOf($1) }) + 1 > grid.columns { text.removeFirst() }
            x += grid.write(text, x: x, y: messageRow, widthOf: widthOf)
            grid.write(" ", x: x, y: messageRow, style: CellStyle(reverse: true), widthOf: widthOf)
        } else if let message = view.message {
            for (index, line) in said.enumerated() {
                grid.write(line, x: 0, y: messageRow + index, style: message.isRefusal ? tint(1, CellStyle(bold: true)) : .plain, widthOf: widthOf)
            }
        }
        let hints = view.rolloverPreview != nil ? "y roll over · any other key: not now" : KeyBinding.hints(taskSelected: view.selected != nil)
        let used = grid.write(path, x: 0, y: hintRow, limit: max(0, grid.columns / 2), style: CellStyle(dim: true), widthOf: widthOf)
        grid.write("  " + hints, x: used, y: hintRow, style: CellStyle(dim: true), widthOf: widthOf)
    }
}
