import Foundation
import RebutCore
import Store

extension ExpenseClaim {
    /// The claim as a document: header, summary with charts, every receipt, the rates used,
    /// places, and (when given) an appendix of receipt images.
    public func document(thumbnails: [Int64: ReportThumbnail] = [:], imageProblems: [String] = []) -> ReportDocument {
        var sections = [summarySection(), receiptsSection()]
        if let rates = ratesSection() { sections.append(rates) }
        if let places = placesSection() { sections.append(places) }
        if !thumbnails.isEmpty || !imageProblems.isEmpty {
            let ordered = lines.compactMap { $0.receipt.id.flatMap { thumbnails[$0] } }
            var blocks: [ReportBlock] = []
            if !imageProblems.isEmpty { blocks.append(.flags(imageProblems)) }
            blocks.append(.thumbnails(ordered))
            sections.append(ReportSection("Appendix: receipt images", blocks: blocks, startsNewPage: true))
        }
        return ReportDocument(title: "Expense claim", subtitle: event.name, fields: headerFields(), sections: sections,
                              footer: "Rebut · \(event.name) · generated \(Self.timestamp(generatedAt))")
    }

    func headerFields() -> [ReportField] {
        var fields = [ReportField("Event", event.name)]
        if let place = event.place { fields.append(ReportField("Place", place)) }
        switch (event.startDate, event.endDate) {
        case let (start?, end?): fields.append(ReportField("Dates", "\(start.iso8601) to \(end.iso8601)"))
        case let (start?, nil): fields.append(ReportField("Dates", "from \(start.iso8601)"))
        default:
            let days = lines.compactMap(\.receipt.date)
            if let first = days.min(), let last = days.max() {
                fields.append(ReportField("Receipts dated", "\(first.iso8601) to \(last.iso8601)"))
            }
        }
        switch currencyOrigin {
        case "event": fields.append(ReportField("Claim currency", currency))
        case "receipts": fields.append(ReportField("Claim currency", "\(currency) (most receipts; the event has none set)"))
        default: fields.append(ReportField("Claim currency", "\(currency) (the event has none set)"))
        }
        if let claimant {
            if let name = claimant.name { fields.append(ReportField("Claimant", name)) }
            if let id = claimant.employeeId { fields.append(ReportField("Employee ID", id)) }
            if let company = claimant.company { fields.append(ReportField("Company", company)) }
            if let department = claimant.department { fields.append(ReportField("Department", department)) }
        }
        fields.append(ReportField("Receipts", "\(lines.count)"))
        fields.append(ReportField("Total claimed", ReportText.money(total, currency: currency)))
        return fields
    }

    func warnings() -> [String] {
        var flags: [String] = []
        let review = lines.filter(\.needsReview)
        if !review.isEmpty {
            let ids = review.compactMap(\.receipt.id).sorted()
            let named = ids.prefix(20).map { "#\($0)" }.joined(separator: ", ") + (ids.count > 20 ? " and \(ids.count - 20) more" : "")
            flags.append("\(review.count) receipt\(review.count == 1 ? " needs" : "s need") review (highlighted): " + named)
        }
        let noTotal = lines.filter { $0.receipt.total == nil }
        if !noTotal.isEmpty {
            flags.append("\(noTotal.count) receipt\(noTotal.count == 1 ? " has" : "s have") no total and \(noTotal.count == 1 ? "is" : "are") not in the totals")
        }
        for line in unconverted.prefix(20) {
            if let total = line.receipt.total, case .failure(let gap)? = line.conversion {
                flags.append("#\(line.receipt.id ?? 0) \(ReportText.money(total, currency: line.receipt.currency ?? "?")) is not converted and not in the totals: \(gap)")
            }
        }
        if unconverted.count > 20 { flags.append("and \(unconverted.count - 20) more amounts not converted (see the receipts table)") }
        return flags
    }

    func summarySection() -> ReportSection {
        var blocks: [ReportBlock] = []
        let flags = warnings()
        if !flags.isEmpty { blocks.append(.flags(flags)) }
        let byCategory = totals { $0.category ?? "uncategorised" }
        let byPayment = totals { $0.payment ?? "unknown" }
        blocks.append(.table(shareTable(id: "byCategory", title: "Category", byCategory)))
        blocks.append(.table(shareTable(id: "byPayment", title: "Payment", byPayment)))
        if !byCategory.isEmpty {
            blocks.append(.chart(ReportChart(title: "Spending by category (\(currency))", kind: .bars, currency: currency,
                                             points: byCategory.map { ChartPoint($0.key, $0.total) })))
        }
        let byDay = totalsByDay()
        if !byDay.isEmpty {
            blocks.append(.chart(ReportChart(title: "Spending by day (\(currency))", kind: .columns, currency: currency,
                                             points: byDay.map { ChartPoint(String($0.day.iso8601.dropFirst(5)), $0.total) })))
        }
        return ReportSection("Summary", blocks: blocks)
    }

    func shareTable(id: String, title: String, _ rows: [(key: String, count: Int, total: Decimal)]) -> ReportTable {
        let sum = rows.map(\.total).reduce(0, +)
        return ReportTable(id: id, columns: [
            ReportColumn("key", title, width: 2.2), ReportColumn("receipts", "Receipts", .integer, width: 0.8),
            ReportColumn("total", "Total", .money, width: 1.3), ReportColumn("share", "Share %", .percent, width: 0.8),
            ReportColumn("bar", "", .bar, width: 2.4),
        ], rows: rows.map { row in
            let share = sum > 0 ? row.total / sum : 0
            return ReportRow([.text(row.key), .integer(row.count), .money(row.total, currency: currency), .percent(share), .bar(share)])
        }, totals: ReportRow([.text("Total"), .integer(rows.map(\.count).reduce(0, +)), .money(sum, currency: currency),
                              .percent(sum > 0 ? 1 : 0), .empty]))
    }

    /// One row per receipt; the CSV export is this table.
    public func receiptsTable() -> ReportTable {
        let columns = [
            ReportColumn("id", "#", .integer, width: 0.4), ReportColumn("date", "Date", .date, width: 1.0),
            ReportColumn("vendor", "Vendor", width: 2.13), ReportColumn("category", "Category", width: 1.1),
            ReportColumn("payment", "Payment", width: 0.92), ReportColumn("amount", "Amount", .money, width: 1.2),
            ReportColumn("converted", "In \(currency)", .money, width: 1.2),
            ReportColumn("rate", "Rate", width: 0.75),
            ReportColumn("rateDate", "Rate date", .text, printed: false),
            ReportColumn("rateSource", "Rate source", .text, printed: false),
            ReportColumn("status", "Status", width: 1.15),
            ReportColumn("note", "Note", .text, printed: false),
            ReportColumn("latitude", "Latitude", .text, printed: false),
            ReportColumn("longitude", "Longitude", .text, printed: false),
            ReportColumn("file", "File", .text, printed: false),
        ]
        let rows = lines.map { line -> ReportRow in
            let r = line.receipt
            var rate: ReportCell = .empty, rateDate: ReportCell = .empty, rateSource: ReportCell = .empty
            var problems: [String] = []
            if r.status == .needsReview { problems.append("needs review") }
            if r.total == nil { problems.append("no total") }
            if case .success(let c)? = line.conversion, c.source != "same currency" {
                rate = .text("\(CurrencyConverter.rounded(c.rate, digits: 4))")
                rateDate = .date(c.rateDay)
                rateSource = .text(c.source)
            } else if case .failure? = line.conversion {
                problems.append("no rate")
            }
            let status = problems.isEmpty ? "filed" : problems.joined(separator: ", ")
            return ReportRow([
                .integer(Int(r.id ?? 0)), r.date.map(ReportCell.date) ?? .empty, .text(r.vendor ?? "—"),
                .text(r.category ?? "—"), .text(r.payment ?? "—"),
                r.total.map { .money($0, currency: r.currency ?? "?") } ?? .empty,
                line.converted.map { .money($0, currency: currency) } ?? .empty,
                rate, rateDate, rateSource, .text(status), r.note.map(ReportCell.text) ?? .empty,
                r.location.map { .text(String(format: "%.6f", $0.latitude)) } ?? .empty,
                r.location.map { .text(String(format: "%.6f", $0.longitude)) } ?? .empty,
                .text(r.fileName),
            ], flag: line.flag)
        }
        var totals = [ReportCell](repeating: .empty, count: columns.count)
        totals[2] = .text("Total claimed")
        totals[6] = .money(total, currency: currency)
        return ReportTable(id: "receipts", columns: columns, rows: rows, totals: ReportRow(totals))
    }

    func receiptsSection() -> ReportSection {
        var blocks: [ReportBlock] = [.table(receiptsTable())]
        let notes = lines.compactMap { line in line.receipt.note.map { "#\(line.receipt.id ?? 0): \($0)" } }
        if !notes.isEmpty { blocks.append(.paragraph("Notes — " + notes.joined(separator: " · "))) }
        return ReportSection("Receipts", blocks: blocks)
    }

    func ratesSection() -> ReportSection? {
        var used: [String: (Conversion, String, Int)] = [:]
        for line in lines {
            guard case .success(let c)? = line.conversion, c.source != "same currency", let from = line.receipt.currency else { continue }
            let key = "\(from) \(c.rateDay.iso8601) \(c.source)"
            used[key] = (c, from, (used[key]?.2 ?? 0) + 1)
        }
        guard !used.isEmpty else { return nil }
        let rows = used.values.sorted { ($0.1, $0.0.rateDay) < ($1.1, $1.0.rateDay) }.map { c, from, count in
            ReportRow([.text("1 \(from)"), .text("\(CurrencyConverter.rounded(c.rate, digits: 6)) \(currency)"),
                       .date(c.rateDay), .text(c.source), .integer(count)])
        }
        return ReportSection("Exchange rates used", blocks: [
            .paragraph("Each converted amount uses the newest rate published on or up to \(CurrencyConverter.maxRateAge) days before the receipt's date; amounts are rounded half up to the cent."),
            .table(ReportTable(id: "rates", columns: [
                ReportColumn("from", "From", width: 1), ReportColumn("rate", "Rate", width: 1.4),
                ReportColumn("day", "Published", .date, width: 1), ReportColumn("source", "Source", width: 1.2),
                ReportColumn("receipts", "Receipts", .integer, width: 0.8),
            ], rows: rows)),
        ])
    }

    func placesSection() -> ReportSection? {
        let located = self.located
        guard !located.isEmpty else { return nil }
        return ReportSection("Places", blocks: [.table(ReportTable(id: "places", columns: [
            ReportColumn("id", "#", .integer, width: 0.5), ReportColumn("date", "Date", .date, width: 1),
            ReportColumn("vendor", "Vendor", width: 2.4), ReportColumn("latitude", "Latitude", width: 1.1),
            ReportColumn("longitude", "Longitude", width: 1.1), ReportColumn("amount", "Amount", .money, width: 1.3),
        ], rows: located.map { line in
            let r = line.receipt
            return ReportRow([.integer(Int(r.id ?? 0)), r.date.map(ReportCell.date) ?? .empty, .text(r.vendor ?? "—"),
                              .text(PlaceExport.degrees(r.location!.latitude, positive: "N", negative: "S")),
                              .text(PlaceExport.degrees(r.location!.longitude, positive: "E", negative: "W")),
                              r.total.map { .money($0, currency: r.currency ?? "?") } ?? .empty], flag: line.flag)
        }))])
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}
