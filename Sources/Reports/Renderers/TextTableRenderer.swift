import Foundation

/// Tables for a terminal: columns padded to their widest cell, money and numbers right-aligned,
/// shares drawn as bars of eighth blocks, a rule above the totals.
public enum TextTableRenderer {
    public static func render(_ fullTable: ReportTable, barWidth: Int = 20) -> String {
        let table = ReportDocument.printedColumns(of: fullTable)
        let all = table.rows + (table.totals.map { [$0] } ?? [])
        func cellText(_ cell: ReportCell, _ column: ReportColumn) -> String {
            if case .bar(let share) = cell { return bar(share, width: barWidth) }
            return ReportText.display(cell)
        }
        var widths = table.columns.map { $0.title.count }
        for row in all {
            for (index, column) in table.columns.enumerated() where index < row.cells.count {
                widths[index] = max(widths[index], cellText(row.cells[index], column).count)
            }
        }
        func line(_ texts: [String]) -> String {
            zip(table.columns, zip(texts, widths)).map { column, pair in
                let (text, width) = pair
                let padding = String(repeating: " ", count: max(0, width - text.count))
                return [.money, .integer, .percent].contains(column.kind) ? padding + text : text + padding
            }.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        var out = [line(table.columns.map(\.title))]
        out.append(widths.map { String(repeating: "─", count: $0) }.joined(separator: "  "))
        for row in table.rows {
            out.append(line(table.columns.enumerated().map { index, column in
                index < row.cells.count ? cellText(row.cells[index], column) : ""
            }) + (row.flag.map { "  ! " + $0 } ?? ""))
        }
        if let totals = table.totals {
            out.append(widths.map { String(repeating: "─", count: $0) }.joined(separator: "  "))
            out.append(line(table.columns.enumerated().map { index, column in
                index < totals.cells.count ? cellText(totals.cells[index], column) : ""
            }))
        }
        return out.joined(separator: "\n")
    }

    /// A share 0...1 as a bar of `width` cells, to an eighth of a cell.
    static func bar(_ share: Decimal, width: Int) -> String {
        let eighths = NSDecimalNumber(decimal: max(0, min(1, share)) * Decimal(width * 8)).intValue
        let partials = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        return String(repeating: "█", count: eighths / 8) + partials[eighths % 8]
    }
}
