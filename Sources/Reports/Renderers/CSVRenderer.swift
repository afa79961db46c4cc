import Foundation

/// One table as RFC 4180 CSV: UTF-8 with a byte-order mark (Excel needs it to read "é" and "€";
/// LibreOffice ignores it), CRLF line ends, fields quoted when they hold a comma, quote or line
/// break. Money is a plain decimal ("1234.50") and each money column is followed by its currency
/// column, so a spreadsheet sums it as a number.
public enum CSVRenderer {
    public static func render(_ table: ReportTable, byteOrderMark: Bool = true) -> Data {
        let columns = table.columns.enumerated().filter { $0.element.isData }
        var header: [String] = []
        for (_, column) in columns {
            header.append(column.title)
            if column.kind == .money { header.append(column.title + " currency") }
        }
        var lines = [header]
        for row in table.rows + (table.totals.map { [$0] } ?? []) {
            var fields: [String] = []
            for (index, column) in columns {
                let cell = index < row.cells.count ? row.cells[index] : .empty
                fields.append(text(cell))
                if column.kind == .money { fields.append(cell.currency ?? "") }
            }
            lines.append(fields)
        }
        let body = lines.map { $0.map(quoted).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
        return (byteOrderMark ? Data([0xEF, 0xBB, 0xBF]) : Data()) + Data(body.utf8)
    }

    /// A text cell a spreadsheet would run as a formula ("=HYPERLINK(…)", "+1+2", "@SUM") gets a
    /// leading apostrophe; numbers, dates and money are written as they are.
    static func text(_ cell: ReportCell) -> String {
        guard case .text(let value) = cell, let first = value.first, "=+@-".contains(first),
              Decimal(string: value) == nil else { return cell.plainText }
        return "'" + value
    }

    static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
