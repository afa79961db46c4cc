import Foundation
import RebutCore
import Rental
import Reports

/// One flat and its statements for the quarters asked: what the property report is made of.
public struct FlatStatements: Sendable {
    public var name: String
    public var address: String?
    public var town: String?
    /// The tourist-tax zone; nil when none is set (no tax could be computed).
    public var zone: String?
    public var currency: String
    public var statements: [QuarterStatement]
    /// Bills without a date: in no quarter until one is set.
    public var undatedBills: [Int64]

    public init(name: String, address: String? = nil, town: String? = nil, zone: String? = nil, currency: String,
                statements: [QuarterStatement], undatedBills: [Int64] = []) {
        self.name = name
        self.address = address
        self.town = town
        self.zone = zone
        self.currency = currency
        self.statements = statements
        self.undatedBills = undatedBills
    }

    var place: String { [address, town].compactMap { $0 }.joined(separator: ", ") }
}

/// A flat's quarters (or every flat's) as a `ReportDocument`: what the owner hands the accountant.
///
/// Each quarter opens with its statement — income, expenses, tourist tax, profit — and the
/// figure for the quarterly self-assessment (modelo 950 in Catalonia), then the detail behind
/// them: rates applied, bookings, expenses by category and every bill.
public struct PropertyReportDocument: Sendable {
    public var flats: [FlatStatements]
    /// True for `--all-flats`: a first section sums the flats (per currency, never mixed).
    public var combined: Bool
    public var generatedAt: Date

    public init(flats: [FlatStatements], combined: Bool, generatedAt: Date = Date()) {
        self.flats = flats
        self.combined = combined
        self.generatedAt = generatedAt
    }

    /// "2025Q1", "2025" for a whole year, "2025Q1–2025Q3" otherwise.
    public static func periodName(_ quarters: [Quarter]) -> String {
        guard let first = quarters.first, let last = quarters.last else { return "" }
        if quarters.count == 1 { return first.description }
        if quarters == Quarter.allOf(year: first.year) { return String(first.year) }
        return "\(first)–\(last)"
    }

    static let countingRules = "Stays count in the quarter of their check-in, bills in the quarter of their issue date, "
        + "whatever period they cover. Tourist tax = adults × nights × the zone's rate in force on the check-in day; "
        + "children under 16 are exempt. Profit = income − expenses − tourist tax."

    public var document: ReportDocument {
        let quarters = flats.first?.statements.map(\.quarter) ?? []
        let period = Self.periodName(quarters)
        var sections: [ReportSection] = []
        if combined {
            sections.append(allFlatsSection(period: period))
            for flat in flats { sections += flatSections(flat, newPage: true, overviewTitle: "\(flat.name) · \(period)") }
            return ReportDocument(title: "Holiday-rental statement", subtitle: "All flats · \(period)",
                                  fields: allFlatsFields(period: period, quarters: quarters), sections: sections,
                                  footer: footer("all flats"))
        }
        guard let flat = flats.first else {
            return ReportDocument(title: "Holiday-rental statement", subtitle: period, sections: [], footer: footer("no flat"))
        }
        let overview = quarters.count == 1 ? "Bills in no quarter" : "The \(quarters.count == 4 ? "year" : "quarters") at a glance"
        sections = flatSections(flat, newPage: false, overviewTitle: overview)
        return ReportDocument(title: "Holiday-rental statement", subtitle: "\(flat.name) · \(period)",
                              fields: flatFields(flat, quarters: quarters), sections: sections, footer: footer(flat.name))
    }

    private func footer(_ what: String) -> String {
        "Rebut · \(what) · generated \(LocalDate.containing(generatedAt).iso8601)"
    }

    // MARK: header

    private func flatFields(_ flat: FlatStatements, quarters: [Quarter]) -> [ReportField] {
        let c = flat.currency, s = flat.statements
        var fields = [ReportField("Flat", flat.name), ReportField("Address", flat.place.isEmpty ? "not set" : flat.place),
                      ReportField("Tourist-tax zone", flat.zone ?? "not set (no tax computed)")]
        if let first = quarters.first, let last = quarters.last {
            fields.append(ReportField("Period", "\(first.firstDay.iso8601) to \(last.lastDay.iso8601)"))
        }
        fields += [
            ReportField("Income", ReportText.money(sum(s, \.income), currency: c)),
            ReportField("Expenses", ReportText.money(sum(s, \.expenses), currency: c)),
            ReportField(s.count == 1 ? "Tourist tax due (modelo 950)" : "Tourist tax due (sum of the quarters)",
                        ReportText.money(sum(s, \.touristTax), currency: c)),
            ReportField("Profit", ReportText.money(sum(s, \.profit), currency: c)),
        ]
        return fields
    }

    private func allFlatsFields(period: String, quarters: [Quarter]) -> [ReportField] {
        var fields = [ReportField("Flats", "\(flats.count)")]
        if let first = quarters.first, let last = quarters.last {
            fields.append(ReportField("Period", "\(first.firstDay.iso8601) to \(last.lastDay.iso8601)"))
        }
        for currency in currencies {
            let all = flats.filter { $0.currency == currency }.flatMap(\.statements)
            let suffix = currencies.count > 1 ? " (\(currency) flats)" : ""
            fields.append(ReportField("Tourist tax due\(suffix)", ReportText.money(sum(all, \.touristTax), currency: currency)))
            fields.append(ReportField("Profit\(suffix)", ReportText.money(sum(all, \.profit), currency: currency)))
        }
        return fields
    }

    private var currencies: [String] { Array(Set(flats.map(\.currency))).sorted() }

    // MARK: all flats

    /// One row per flat, summed per currency: flats in pounds are never added to flats in euros.
    private func allFlatsSection(period: String) -> ReportSection {
        var blocks: [ReportBlock] = []
        if flats.isEmpty { blocks.append(.paragraph("No flats yet (rebut events create NAME --kind property --zone 1).")) }
        for currency in currencies {
            let group = flats.filter { $0.currency == currency }
            let rows = group.map { flat -> ReportRow in
                let s = flat.statements
                return ReportRow([.text(flat.name), .text(flat.zone ?? "—"), .integer(s.reduce(0) { $0 + $1.bookings.count }),
                                  .integer(s.reduce(0) { $0 + $1.adultNights }), money(sum(s, \.touristTax), currency),
                                  money(sum(s, \.income), currency), money(sum(s, \.expenses), currency),
                                  money(sum(s, \.profit), currency)],
                                 flag: flat.zone == nil ? "no tourist-tax zone" : nil)
            }
            let all = group.flatMap(\.statements)
            blocks.append(.table(ReportTable(id: "flats-\(currency)", columns: Self.flatColumns, rows: rows,
                totals: ReportRow([.text("All flats (\(currency))"), .empty, .integer(all.reduce(0) { $0 + $1.bookings.count }),
                                   .integer(all.reduce(0) { $0 + $1.adultNights }), money(sum(all, \.touristTax), currency),
                                   money(sum(all, \.income), currency), money(sum(all, \.expenses), currency),
                                   money(sum(all, \.profit), currency)]))))
            if sum(all, \.income) > 0 || sum(all, \.expenses) > 0 {
                blocks.append(.chart(ReportChart(title: "Income, expenses and tourist tax, all flats (\(currency))", kind: .bars,
                                                 currency: currency,
                                                 points: [ChartPoint("Income", sum(all, \.income)), ChartPoint("Expenses", sum(all, \.expenses)),
                                                          ChartPoint("Tourist tax", sum(all, \.touristTax))])))
            }
        }
        if currencies.count > 1 { blocks.append(.paragraph("Flats are summed per currency; amounts in different currencies are never added.")) }
        return ReportSection("All flats · \(period)", blocks: blocks)
    }

    private static let flatColumns = [
        ReportColumn("flat", "Flat", width: 1.7), ReportColumn("zone", "Zone", width: 0.65),
        ReportColumn("bookings", "Bookings", .integer, width: 0.9), ReportColumn("adultNights", "Adult-nights", .integer, width: 1.3),
        ReportColumn("touristTax", "Tourist tax", .money, width: 1.3), ReportColumn("income", "Income", .money, width: 1.4),
        ReportColumn("expenses", "Expenses", .money, width: 1.4), ReportColumn("profit", "Profit", .money, width: 1.4),
    ]

    // MARK: one flat

    private func flatSections(_ flat: FlatStatements, newPage: Bool, overviewTitle: String) -> [ReportSection] {
        var sections: [ReportSection] = []
        var overview: [ReportBlock] = []
        if combined {
            let place = flat.place.isEmpty ? "" : flat.place + " · "
            overview.append(.paragraph("\(place)tourist-tax zone \(flat.zone ?? "not set")"))
        }
        if flat.statements.count > 1 || combined { overview.append(.table(quartersTable(flat))) }
        if !flat.undatedBills.isEmpty {
            overview.append(.flags(["\(flat.undatedBills.count) bill\(flat.undatedBills.count == 1 ? "" : "s") without a date "
                + "\(flat.undatedBills.count == 1 ? "is" : "are") in no quarter: "
                + flat.undatedBills.map { "#\($0)" }.joined(separator: ", ") + " (rebut review)"]))
        }
        if !overview.isEmpty { sections.append(ReportSection(overviewTitle, blocks: overview, startsNewPage: newPage)) }
        for (index, statement) in flat.statements.enumerated() {
            let title = (combined ? "\(flat.name) · " : "") + "\(statement.quarter) · \(Self.span(statement.quarter))"
            // The first quarter follows the header (or the flat's overview); the others start a page each.
            let breaks = index > 0
            sections.append(ReportSection(title, blocks: quarterBlocks(statement), startsNewPage: breaks))
        }
        return sections
    }

    /// One row per quarter: the year's figures at a glance, summed under a rule.
    private func quartersTable(_ flat: FlatStatements) -> ReportTable {
        let c = flat.currency, s = flat.statements
        let columns = [ReportColumn("quarter", "Quarter", width: 1.0)] + Array(Self.flatColumns.dropFirst(2))
        let rows = s.map { q in
            ReportRow([.text(q.quarter.description), .integer(q.bookings.count), .integer(q.adultNights),
                       money(q.touristTax, c), money(q.income, c), money(q.expenses, c), money(q.profit, c)])
        }
        return ReportTable(id: "quarters", columns: columns, rows: rows,
                           totals: ReportRow([.text("Total"), .integer(s.reduce(0) { $0 + $1.bookings.count }),
                                              .integer(s.reduce(0) { $0 + $1.adultNights }), money(sum(s, \.touristTax), c),
                                              money(sum(s, \.income), c), money(sum(s, \.expenses), c), money(sum(s, \.profit), c)]))
    }

    private func quarterBlocks(_ s: QuarterStatement) -> [ReportBlock] {
        let id = s.quarter.description
        var blocks: [ReportBlock] = [.table(QuarterTables.statement(s, id: id))]
        if s.income > 0 || s.expenses > 0 || s.touristTax > 0 {
            blocks.append(.chart(ReportChart(title: "Income, expenses and tourist tax (\(s.currency))", kind: .bars, currency: s.currency,
                                             points: [ChartPoint("Income", s.income), ChartPoint("Expenses", s.expenses),
                                                      ChartPoint("Tourist tax", s.touristTax)])))
        }
        blocks.append(.table(QuarterTables.ratesApplied(s, id: id)))
        if s.bookings.isEmpty {
            blocks.append(.paragraph("No bookings checked in this quarter."))
        } else {
            blocks.append(.table(QuarterTables.bookings(s, id: id)))
        }
        if s.bills.isEmpty {
            blocks.append(.paragraph("No bills issued this quarter."))
        } else {
            blocks.append(.table(QuarterTables.expensesByCategory(s, id: id)))
            blocks.append(.table(QuarterTables.bills(s, id: id)))
        }
        blocks.append(.paragraph(Self.countingRules))
        if !s.notes.isEmpty { blocks.append(.flags(s.notes)) }
        return blocks
    }

    /// "1 January – 31 March 2025"
    static func span(_ quarter: Quarter) -> String {
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                      "November", "December"]
        let first = quarter.firstDay, last = quarter.lastDay
        return "\(first.day) \(months[first.month - 1]) – \(last.day) \(months[last.month - 1]) \(quarter.year)"
    }

    private func money(_ amount: Decimal, _ currency: String) -> ReportCell { .money(amount, currency: currency) }

    private func sum(_ statements: [QuarterStatement], _ figure: KeyPath<QuarterStatement, Decimal>) -> Decimal {
        statements.reduce(0) { $0 + $1[keyPath: figure] }
    }
}
