import Foundation
import RebutCore
import Store

/// Draws a `ReviewSession` as exactly `height` rows of at most `width` columns.
///
/// A pure function of the state and the size, so it is tested on text. Layout, top to bottom:
/// a title bar, the receipt's fields, the OCR text (candidate lines of the focused field in
/// yellow, the highlighted candidate's line reversed), the field tabs, the focused field's
/// ranked candidates, a notice or input line, and the key map.
public enum ReviewRenderer {
    public static let minimumWidth = 40
    public static let minimumHeight = 14
    public static let keyMap = "↑↓ candidate ←→ field 1-9/⏎ pick e type c category ⌫ undo s save n skip q quit"

    public static func render(_ session: ReviewSession, width: Int, height: Int) -> [String] {
        guard height > 0, width > 0 else { return [] }
        guard width >= minimumWidth, height >= minimumHeight else {
            let message = StyledLine("Terminal too small: rebut review needs \(minimumWidth)×\(minimumHeight).")
            return [message.render(width: width)] + Array(repeating: "", count: height - 1)
        }
        guard let receipt = session.current else {
            return [StyledLine("No receipts left to review.").render(width: width)]
                + Array(repeating: "", count: height - 1)
        }
        let candidateRows = height >= 30 ? 9 : 5
        let bodyRows = height - 5 - candidateRows   // the OCR pane with its title row

        var rows: [StyledLine] = []
        rows.append(titleBar(session, receipt))
        rows.append(fieldSummary(session, receipt))
        if case .pickingCategory(let selected, let prefix) = session.mode {
            rows += categoryPicker(session, receipt, selected: selected, prefix: prefix,
                                   rows: bodyRows + 1 + candidateRows)
        } else {
            rows += ocrPane(session, receipt, rows: bodyRows)
            rows.append(fieldTabs(session, receipt))
            rows += candidateList(session, receipt, rows: candidateRows)
        }
        rows.append(noticeLine(session))
        rows.append(StyledLine(keyMap, .dim))
        // The layout adds up to `height`; this only guards the contract if it ever stops doing so.
        let rendered = rows.prefix(height).map { $0.render(width: width) }
        return rendered + Array(repeating: "", count: height - rendered.count)
    }

    // MARK: Rows

    private static func titleBar(_ session: ReviewSession, _ r: Receipt) -> StyledLine {
        var line = StyledLine(fill: .reverse)
        let event = session.eventNames[r.eventId].map { "  ·  \($0)" } ?? ""
        line.add(" Review \(session.position + 1)/\(session.queue.count)  #\(r.id ?? 0)  \(r.fileName)\(event) ",
                 [.reverse, .bold])
        return line
    }

    private static func fieldSummary(_ session: ReviewSession, _ r: Receipt) -> StyledLine {
        var line = StyledLine()
        let shown: [ReceiptField] = [.vendor, .date, .total, .currency, .category]
        for (i, field) in shown.enumerated() {
            if i > 0 { line.add("  ") }
            line.add(field.rawValue + " ", .dim)
            if let chosen = session.pending[field] {
                line.add(chosen.value + "*", [.chosen, .bold])
            } else {
                let doubtful = session.fields.contains(field)
                line.add(r.value(of: field) ?? "—", doubtful ? .highlight : [])
            }
        }
        return line
    }

    private static func ocrPane(_ session: ReviewSession, _ r: Receipt, rows: Int) -> [StyledLine] {
        let lines = ocrLines(r)
        let field = session.focusedField
        let candidates = field.map { session.candidates(for: $0) } ?? []
        let candidateLines = Set(candidates.compactMap { lineIndex(of: $0, in: lines) })
        let selectedLine = field.flatMap { f in
            candidates.indices.contains(session.highlighted[f] ?? 0)
                ? lineIndex(of: candidates[session.highlighted[f] ?? 0], in: lines) : nil
        }
        let paneRows = rows - 1
        let maxTop = max(0, lines.count - paneRows)
        let autoTop = selectedLine.map { $0 - paneRows / 2 } ?? 0
        let top = min(maxTop, max(0, min(maxTop, max(0, autoTop)) + session.ocrScroll))

        var out: [StyledLine] = []
        let end = min(lines.count, top + paneRows)
        let range = lines.isEmpty ? "no text" : "lines \(top + 1)–\(end) of \(lines.count)"
        out.append(StyledLine("── OCR text, \(range) (PgUp/PgDn scroll) " + String(repeating: "─", count: 200), .dim))
        let numberWidth = String(lines.count).count
        for row in 0..<paneRows {
            let index = top + row
            guard index < lines.count else { out.append(StyledLine()); continue }
            let number = String(index + 1)
            var line = StyledLine()
            line.add(String(repeating: " ", count: numberWidth - number.count) + number + "│", .dim)
            if index == selectedLine {
                line.add("▶" + lines[index], [.reverse, .bold])
            } else if candidateLines.contains(index) {
                line.add("›" + lines[index], .highlight)
            } else {
                line.add(" " + lines[index])
            }
            out.append(line)
        }
        return out
    }

    private static func fieldTabs(_ session: ReviewSession, _ r: Receipt) -> StyledLine {
        var line = StyledLine()
        line.add("Fields: ", .dim)
        for (i, field) in session.fields.enumerated() {
            let mark = session.pending[field] != nil ? "✓" : (r.value(of: field) == nil ? "?" : "~")
            let label = " \(field.rawValue) \(mark) "
            line.add(label, i == session.focus ? [.reverse, .bold] : [])
            line.add(" ")
        }
        if let field = session.focusedField {
            let count = session.candidates(for: field).count
            line.add(" \(count) candidate\(count == 1 ? "" : "s") for \(field.rawValue), now: \(r.value(of: field) ?? "—")", .dim)
        }
        return line
    }

    private static func candidateList(_ session: ReviewSession, _ r: Receipt, rows: Int) -> [StyledLine] {
        guard let field = session.focusedField else { return Array(repeating: StyledLine(), count: rows) }
        let candidates = session.candidates(for: field)
        guard !candidates.isEmpty else {
            return [StyledLine("   no candidates: press e to type a value", .dim)]
                + Array(repeating: StyledLine(), count: rows - 1)
        }
        let lines = ocrLines(r)
        let highlighted = session.highlighted[field] ?? 0
        let first = min(max(0, highlighted - rows + 1), max(0, candidates.count - rows))
        let valueWidth = min(28, max(8, candidates.map(\.value.count).max() ?? 8))
        var out: [StyledLine] = []
        for row in 0..<rows {
            let index = first + row
            guard index < candidates.count else { out.append(StyledLine()); continue }
            let c = candidates[index]
            let isChosen = session.pending[field] == PendingValue(value: c.value, source: .candidate(index + 1))
            let number = index < 9 ? "\(index + 1)" : " "
            let value = c.value.count > valueWidth ? String(c.value.prefix(valueWidth - 1)) + "…"
                : c.value.padding(toLength: valueWidth, withPad: " ", startingAt: 0)
            let whereFrom = lineIndex(of: c, in: lines).map { "line \($0 + 1): " } ?? ""
            let text = "\(index == highlighted ? "▶" : " ")\(isChosen ? "✓" : " ")\(number)  \(value)  "
                + String(format: "%.2f", c.score) + "  \(whereFrom)“\(c.line)”"
            out.append(StyledLine(text, index == highlighted ? [.reverse] : (isChosen ? .chosen : []),
                                  fill: index == highlighted ? .reverse : nil))
        }
        return out
    }

    private static func categoryPicker(_ session: ReviewSession, _ r: Receipt, selected: Int, prefix: String,
                                       rows: Int) -> [StyledLine] {
        var out = [StyledLine("── Category: ↑↓ move, type to jump\(prefix.isEmpty ? "" : " (\(prefix))"), ⏎ choose, Esc cancel "
                              + String(repeating: "─", count: 200), .dim)]
        let listRows = rows - 1
        let categories = session.categories
        let first = min(max(0, selected - listRows / 2), max(0, categories.count - listRows))
        let idWidth = min(20, categories.map(\.id.count).max() ?? 8)
        for row in 0..<listRows {
            let index = first + row
            guard index < categories.count else { out.append(StyledLine()); continue }
            let category = categories[index]
            let now = category.id == r.category ? "  (now)" : ""
            let text = (index == selected ? "▶ " : "  ")
                + category.id.padding(toLength: idWidth, withPad: " ", startingAt: 0) + "  " + category.name + now
            out.append(StyledLine(text, index == selected ? [.reverse, .bold] : [],
                                  fill: index == selected ? .reverse : nil))
        }
        return out
    }

    private static func noticeLine(_ session: ReviewSession) -> StyledLine {
        if case .typing(let field, let text) = session.mode {
            var line = StyledLine()
            line.add("\(field.rawValue)> ", .bold)
            line.add(text)
            line.add(" ", .reverse)   // the cursor
            line.add("  ⏎ keep  Esc cancel", .dim)
            return line
        }
        return StyledLine(session.notice ?? "", .bold)
    }

    // MARK: OCR lines

    static func ocrLines(_ r: Receipt) -> [String] {
        let lines = r.ocrLines.isEmpty
            ? r.ocrText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            : r.ocrLines.map(\.text)
        return lines.map(Terminal.printable)
    }

    /// The line a candidate came from: its index when valid, else the first line with its text.
    static func lineIndex(of candidate: Candidate, in lines: [String]) -> Int? {
        if let index = candidate.lineIndex, lines.indices.contains(index) { return index }
        let wanted = Terminal.printable(candidate.line).trimmingCharacters(in: .whitespaces)
        guard !wanted.isEmpty else { return nil }
        return lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == wanted }
    }
}
