import Foundation
import RebutCore
import Reports
import Testing

@Suite struct RendererTests {
    private let table = ReportTable(id: "t", columns: [
        ReportColumn("vendor", "Vendor"), ReportColumn("amount", "Amount", .money), ReportColumn("bar", "", .bar),
        ReportColumn("secret", "Detail", printed: false),
    ], rows: [
        ReportRow([.text("Smith, Jones & \"Co\"\nLtd"), .money(Decimal(string: "1234.5")!, currency: "EUR"), .bar(0.5), .text("d1")]),
        ReportRow([.text("=HYPERLINK(\"x\")"), .money(-3, currency: "JPY"), .bar(0.25), .text("d2")], flag: "needs review"),
    ])

    @Test func csvQuotesAsRFC4180AndDefusesFormulas() {
        let text = String(decoding: CSVRenderer.render(table, byteOrderMark: false), as: UTF8.self)
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines[0] == "Vendor,Amount,Amount currency,Detail")
        #expect(text.contains("\"Smith, Jones & \"\"Co\"\"\nLtd\",1234.50,EUR,d1\r\n"))
        #expect(text.contains("\"'=HYPERLINK(\"\"x\"\")\",-3,JPY,d2\r\n"))
        #expect(text.hasSuffix("\r\n"))
    }

    @Test func terminalTablesAlignMoneyRightAndLeaveDataOnlyColumnsOut() {
        let out = TextTableRenderer.render(table, barWidth: 8)
        let lines = out.split(separator: "\n").map(String.init)
        #expect(!out.contains("Detail") && !out.contains("d1"))
        let amounts = lines.filter { $0.contains(" EUR") || $0.contains(" JPY") }
        #expect(amounts.count == 2)
        // Right-aligned: both amounts end in the same column.
        let ends = amounts.map { line in line.range(of: line.contains("EUR") ? "EUR" : "JPY")!.upperBound.utf16Offset(in: line) }
        #expect(Set(ends).count == 1)
        #expect(out.contains("1,234.50 EUR") && out.contains("−3 JPY") && out.contains("████"))
        #expect(lines.last?.contains("! needs review") == true)
    }
}
