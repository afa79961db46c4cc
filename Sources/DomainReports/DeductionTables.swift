import Foundation
import RebutCore
import Reports
import RnDDeduction

/// The tables of a project's costing: the deduction line by line, costs by type, every cost.
enum DeductionTables {
    private static let lineColumns = [
        ReportColumn("line", "Line", width: 3.6), ReportColumn("amount", "Amount", .money, width: 1.4),
        ReportColumn("percent", "Rate", .percent, width: 0.7), ReportColumn("deduction", "Deduction", .money, width: 1.4),
    ]

    /// "25%", "42.5%": the percent as the rate table holds it.
    static func percent(_ value: Decimal) -> ReportCell { .text("\(value)%") }

    /// Every figure from the eligible costs to the total, so each can be checked by hand.
    static func lines(_ p: ProjectCosting, rates: DeductionRates) -> ReportTable {
        let e = p.estimate, c = p.currency
        func money(_ amount: Decimal) -> ReportCell { .money(amount, currency: c) }
        var rows = [
            ReportRow([.text("Eligible costs (every cost type but fixed assets)"), money(e.eligibleCosts), .empty, .empty]),
            ReportRow([.text("Subsidies received"), money(e.subsidies), .empty, .empty]),
            ReportRow([.text("Subsidy reduction (taken off the base)"), money(-e.subsidyReduction),
                       percent(rates[.subsidyReduction]), .empty]),
            ReportRow([.text("Reduced base"), money(e.base), .empty, .empty]),
        ]
        if let average = e.previousYearsAverage {
            rows += [
                ReportRow([.text("Average R&D spending of the two previous years"), money(average), .empty, .empty]),
                ReportRow([.text("Base up to the average"), money(e.baseUpToAverage ?? 0), .empty, .empty]),
                ReportRow([.text("Excess over the average"), money(e.excess ?? 0), .empty, .empty]),
            ]
        }
        rows += e.partials.map { partial in
            ReportRow([.text("Deduction on the \(partial.label)"), money(partial.amount), percent(partial.percent), money(partial.deduction)])
        }
        return ReportTable(id: "deduction", columns: lineColumns, rows: rows,
                           totals: ReportRow([.text("Total deduction (estimate, not tax advice)"), .empty, .empty, money(e.total)]))
    }

    /// The lines of a year's projects added up; partial deductions are summed per line and rate,
    /// so an R&D line never mixes with an innovation one. The previous years' average is each
    /// project's own and is not summed.
    static func summed(_ projects: [ProjectCosting], currency c: String, rates: DeductionRates) -> ReportTable {
        func money(_ amount: Decimal) -> ReportCell { .money(amount, currency: c) }
        func total(_ figure: (DeductionEstimate) -> Decimal) -> Decimal { projects.reduce(0) { $0 + figure($1.estimate) } }
        var rows = [
            ReportRow([.text("Eligible costs"), money(total(\.eligibleCosts)), .empty, .empty]),
            ReportRow([.text("Subsidies received"), money(total(\.subsidies)), .empty, .empty]),
            ReportRow([.text("Subsidy reduction (taken off the base)"), money(-total(\.subsidyReduction)),
                       percent(rates[.subsidyReduction]), .empty]),
            ReportRow([.text("Reduced base"), money(total(\.base)), .empty, .empty]),
        ]
        if projects.contains(where: { $0.estimate.previousYearsAverage != nil }) {
            rows += [
                ReportRow([.text("R&D base up to each project's previous-years average"), money(total { $0.baseUpToAverage ?? 0 }),
                           .empty, .empty]),
                ReportRow([.text("R&D excess over that average"), money(total { $0.excess ?? 0 }), .empty, .empty]),
            ]
        }
        var partials: [(label: String, percent: Decimal, amount: Decimal, deduction: Decimal)] = []
        for partial in projects.flatMap(\.estimate.partials) {
            if let i = partials.firstIndex(where: { $0.label == partial.label && $0.percent == partial.percent }) {
                partials[i].amount += partial.amount
                partials[i].deduction += partial.deduction
            } else {
                partials.append((partial.label, partial.percent, partial.amount, partial.deduction))
            }
        }
        rows += partials.map { ReportRow([.text("Deduction on the \($0.label)"), money($0.amount), percent($0.percent), money($0.deduction)]) }
        return ReportTable(id: "summed-\(c)", columns: [ReportColumn("line", "Every line, summed over the projects", width: 3.6)]
                           + lineColumns.dropFirst(), rows: rows,
                           totals: ReportRow([.text("Total deduction (estimate, not tax advice)"), .empty, .empty,
                                              money(total(\.total))]))
    }

    static func byType(_ p: ProjectCosting) -> ReportTable {
        let c = p.currency, e = p.estimate
        let rows = CostType.allCases.map { type -> ReportRow in
            let amount = e.costs[type] ?? 0
            let inBase = type.isInBase ? "yes" : p.type == .rd ? "no: 8% apart" : "no: earns nothing"
            return ReportRow([.text(type.title), .integer(p.lines.filter { $0.type == type }.count), .text(inBase),
                              .money(amount, currency: c), .percent(p.spending > 0 ? amount / p.spending : 0)])
        }
        return ReportTable(id: "byType", columns: [
            ReportColumn("type", "Cost type", width: 3.0), ReportColumn("lines", "Costs", .integer, width: 0.7),
            ReportColumn("inBase", "In the base", width: 1.2), ReportColumn("amount", "Amount", .money, width: 1.4),
            ReportColumn("share", "Share", .percent, width: 0.8),
        ], rows: rows, totals: ReportRow([.text("Spending"), .integer(p.lines.count), .empty, .money(p.spending, currency: c),
                                          .percent(p.spending > 0 ? 1 : 0)]))
    }

    /// A chart's label fits 120 points: the type without its qualifier.
    static func shortTitle(_ type: CostType) -> String {
        switch type {
        case .researchers: return "Qualified researchers"
        case .fixedAssets: return "Fixed assets"
        case .amortisation: return "Amortisation"
        case .collaborations: return "Collaborations"
        default: return type.title
        }
    }

    /// Every cost counted, by date; a type still only suggested is highlighted and says so.
    static func costLines(_ p: ProjectCosting) -> ReportTable {
        let byDate = p.lines.enumerated().sorted { a, b in
            (a.element.date?.dayNumber ?? .max, a.offset) < (b.element.date?.dayNumber ?? .max, b.offset)
        }.map(\.element)
        let rows = byDate.map { line -> ReportRow in
            ReportRow([line.date.map(ReportCell.date) ?? .empty, .text(line.description),
                       .text(line.type.title + (line.suggested ? " (suggested)" : "")),
                       line.amount.map { .money($0, currency: p.currency) } ?? .empty],
                      flag: line.suggested ? "cost type suggested: \(line.reason ?? "not confirmed")" : nil)
        }
        return ReportTable(id: "costs", columns: [
            ReportColumn("date", "Date", .date, width: 0.95), ReportColumn("description", "Cost", width: 2.6),
            ReportColumn("costType", "Cost type", width: 2.4), ReportColumn("amount", "Amount", .money, width: 1.3),
        ], rows: rows, totals: ReportRow([.text("Total"), .empty, .empty, .money(p.spending, currency: p.currency)]))
    }

    /// The rule the figures follow, with the user's own percentages.
    static func method(_ type: ProjectType, rates: DeductionRates) -> String {
        let cut = "\(rates[.subsidyReduction])% of the subsidies"
        switch type {
        case .rd:
            return "Ley 27/2014, art. 35, with your rate table (rebut costs rates): base = eligible R&D costs − \(cut); "
                + "\(rates[.rdBase])% of the base up to the average R&D spending of the two previous years, "
                + "\(rates[.rdExcess])% of the excess; plus \(rates[.rdResearchers])% of qualified researchers exclusively on R&D "
                + "and \(rates[.rdFixedAssets])% of fixed assets (not buildings or land) used exclusively for R&D. "
                + "Each partial deduction is rounded to the cent; highlighted costs have a suggested type."
        case .it:
            return "Ley 27/2014, art. 35, with your rate table (rebut costs rates): base = eligible innovation costs − \(cut); "
                + "\(rates[.itBase])% of the base. Each partial deduction is rounded to the cent; highlighted costs have a suggested type."
        }
    }
}
