import Foundation
import RebutCore
import Reports
import Store

/// `rebut report --by …`: spending across events as a terminal table, JSON or CSV.
struct SummaryWriter {
    var store: ExpenseStore
    var grouping: SpendingSummary.Grouping
    var from: LocalDate?
    var to: LocalDate?
    var event: String?
    var currency: String?
    var json: Bool
    var csv: Bool

    func run() throws {
        let eventId = try event.map { try EventLookup.find($0, in: store).id }
        let summary = try SpendingSummary.build(store: store, by: grouping, from: from, to: to, eventId: eventId ?? nil,
                                                currency: currency)
        let table = summary.table()
        if json {
            print(String(decoding: JSONRenderer.render(ReportDocument(title: "Spending by \(grouping.rawValue)",
                sections: [ReportSection("Summary", blocks: [.table(table)] + (summary.leftOut.isEmpty ? [] : [.flags(summary.leftOut)]))])),
                         as: UTF8.self))
        } else if csv {
            FileHandle.standardOutput.write(CSVRenderer.render(table, byteOrderMark: false))
        } else if summary.lines.isEmpty {
            print("No receipts with a total match.")
        } else {
            print(TextTableRenderer.render(table))
        }
        if !summary.leftOut.isEmpty && !json {
            printError("rebut: \(summary.leftOut.count) receipt\(summary.leftOut.count == 1 ? "" : "s") left out: "
                       + summary.leftOut.prefix(10).joined(separator: "; ") + (summary.leftOut.count > 10 ? "; …" : ""))
        }
    }
}
