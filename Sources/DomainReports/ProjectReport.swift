import Foundation
import RebutCore
import RnDDeduction
import Store

/// One project's costing for a fiscal year, read from the store.
public struct ProjectReport: Sendable {
    public var event: Event
    public var costing: ProjectCosting
    /// The percentages the estimate used, named on each line of the PDF.
    public var rates: DeductionRates

    /// nil when `onlyIfInYear` and the project belongs to another fiscal year.
    public static func build(_ event: Event, year: Int?, store: ExpenseStore, onlyIfInYear: Bool) throws -> ProjectReport? {
        let details = try store.projectDetails(eventId: event.id!) ?? ProjectDetails()
        let fiscalYear = year ?? details.fiscalYear
        if onlyIfInYear, let fiscalYear, let own = details.fiscalYear, own != fiscalYear { return nil }
        let types = try store.costTypes(eventId: event.id!)
        let suggester = CostTypeSuggester(learned: try store.learnedCostTypes())
        var lines: [CostLine] = try store.receipts(eventId: event.id).map { r in
            let chosen = types[r.id!]
            let suggestion = chosen == nil ? suggester.suggest(vendor: r.vendor, category: r.category) : nil
            return CostLine(source: .receipt(r.id!), description: "receipt #\(r.id!) \(r.vendor ?? "(no vendor)")", date: r.date,
                            amount: r.total, currency: r.currency, type: chosen ?? suggestion!.type,
                            suggested: chosen == nil, reason: suggestion?.reason)
        }
        lines += try store.projectCosts(eventId: event.id!).map { cost in
            CostLine(source: .manual(cost.id!), description: "cost #\(cost.id!) \(cost.note ?? cost.type.rawValue)", date: cost.date,
                     amount: cost.amount, currency: cost.currency, type: cost.type, suggested: false)
        }
        let rates = try store.deductionRates()
        var costing = ProjectCosting(name: event.name, type: details.type ?? .rd, fiscalYear: fiscalYear,
                                     currency: event.currency ?? "EUR", subsidies: details.subsidies ?? 0,
                                     priorSpending: details.priorSpending, costs: lines, rates: rates)
        if details.type == nil {
            costing.notes.insert("no project type set: costed as R&D (rebut events edit \"\(event.name)\" --project-type rd|it)", at: 0)
        }
        return ProjectReport(event: event, costing: costing, rates: rates)
    }
}

public enum ProjectReportOutput {
    public static func render(_ reports: [ProjectReport], year: Int?, format: ReportFormat, combined: Bool) -> String {
        switch format {
        case .terminal: return terminal(reports, year: year, combined: combined)
        case .csv: return csv(reports)
        case .json: return JSONValue.pretty(json(reports, year: year, combined: combined)) + "\n"
        }
    }

    private static func money(_ amount: Decimal) -> String { MoneyFormat.canonical(amount, currency: "EUR") }

    private static func percent(_ p: Decimal) -> String { "\(p)%" }

    // MARK: Terminal

    private static func terminal(_ reports: [ProjectReport], year: Int?, combined: Bool) -> String {
        var out = "DEDUCTION ESTIMATE — \(DeductionEstimate.disclaimer)\n\n"
        if reports.isEmpty { return out + "no projects\(year.map { " for \($0)" } ?? "")\n" }
        for report in reports {
            let c = report.costing, e = c.estimate, cur = c.currency
            func line(_ label: String, _ value: String) { out += "  " + label.padding(toLength: 54, withPad: " ", startingAt: 0) + value + "\n" }
            out += "\(c.name)  [\(c.type.title)]  fiscal year \(c.fiscalYear.map(String.init) ?? "not set")\n"
            out += " Costs by type\n"
            for type in CostType.allCases {
                let amount = e.costs[type] ?? 0
                let suggested = c.lines.filter { $0.type == type && $0.suggested }.count
                line("  \(type.title)", "\(money(amount)) \(cur)" + (suggested > 0 ? "  (\(suggested) suggested)" : ""))
            }
            out += " Deduction\n"
            line("  eligible costs (base types)", "\(money(e.eligibleCosts)) \(cur)")
            line("  subsidies", "\(money(e.subsidies)) \(cur)")
            line("  − subsidy reduction", "\(money(e.subsidyReduction)) \(cur)")
            line("  reduced base", "\(money(e.base)) \(cur)")
            if let average = e.previousYearsAverage {
                line("  average R&D of the two previous years", "\(money(average)) \(cur)")
                line("  base up to the average", "\(money(e.baseUpToAverage ?? 0)) \(cur)")
                line("  excess over the average", "\(money(e.excess ?? 0)) \(cur)")
            }
            for p in e.partials {
                line("  \(percent(p.percent)) of \(p.label)", "\(money(p.deduction)) \(cur)   (\(money(p.amount)) × \(percent(p.percent)))")
            }
            line("  total deduction (estimate)", "\(money(e.total)) \(cur)")
            out += chart([(c.name, c.spending, e.total)], currency: cur)
            for note in c.notes { out += "  note: \(note)\n" }
            out += "\n"
        }
        if combined {
            let spending = reports.reduce(Decimal(0)) { $0 + $1.costing.spending }
            let deduction = reports.reduce(Decimal(0)) { $0 + $1.costing.estimate.total }
            out += "All projects\(year.map { " of \($0)" } ?? ""): spending \(money(spending)), deduction (estimate) \(money(deduction))\n"
            out += chart(reports.map { ($0.costing.name, $0.costing.spending, $0.costing.estimate.total) }, currency: "EUR")
        }
        return out
    }

    /// Spending and deduction as bars on one scale, per project.
    private static func chart(_ rows: [(name: String, spending: Decimal, deduction: Decimal)], currency: String) -> String {
        let largest = rows.map(\.spending).max() ?? 0
        guard largest > 0 else { return "" }
        func bar(_ value: Decimal, _ mark: Character) -> String {
            let width = NSDecimalNumber(decimal: value / largest * 40).intValue
            return String(repeating: mark, count: max(value > 0 ? 1 : 0, width))
        }
        var out = ""
        for row in rows {
            out += "  \(String(row.name.prefix(16)).padding(toLength: 16, withPad: " ", startingAt: 0)) spending  \(bar(row.spending, "█")) \(money(row.spending))\n"
            out += "  \(String(repeating: " ", count: 16)) deduction \(bar(row.deduction, "▒")) \(money(row.deduction))\n"
        }
        return out
    }

    // MARK: CSV

    /// One row per figure of each project's computation, so every line can be checked in a spreadsheet.
    private static func csv(_ reports: [ProjectReport]) -> String {
        var out = CSVField.line(["project", "type", "fiscal_year", "line", "amount", "percent", "deduction", "currency"])
        for report in reports {
            let c = report.costing, e = c.estimate
            func row(_ label: String, _ amount: Decimal?, _ percent: Decimal? = nil, _ deduction: Decimal? = nil) {
                out += CSVField.line([c.name, c.type.rawValue, c.fiscalYear.map(String.init) ?? "", label, amount.map(money) ?? "",
                                      percent.map { "\($0)" } ?? "", deduction.map(money) ?? "", c.currency])
            }
            for type in CostType.allCases { row("cost:\(type.rawValue)", e.costs[type] ?? 0) }
            row("eligible costs", e.eligibleCosts)
            row("subsidies", e.subsidies)
            row("subsidy reduction", e.subsidyReduction)
            row("reduced base", e.base)
            if let average = e.previousYearsAverage {
                row("previous years average", average)
                row("base up to average", e.baseUpToAverage)
                row("excess", e.excess)
            }
            for p in e.partials { row(p.label, p.amount, p.percent, p.deduction) }
            row("total deduction (estimate, not tax advice)", nil, nil, e.total)
        }
        return out
    }

    // MARK: JSON

    private static func json(_ reports: [ProjectReport], year: Int?, combined: Bool) -> Any {
        let projects: [[String: Any]] = reports.map { report in
            let c = report.costing, e = c.estimate
            return [
                "project": c.name, "type": c.type.rawValue, "fiscalYear": c.fiscalYear ?? NSNull(), "currency": c.currency,
                "costsByType": Dictionary(uniqueKeysWithValues: CostType.allCases.map { ($0.rawValue, money(e.costs[$0] ?? 0)) }),
                "costs": c.lines.map { line -> [String: Any] in
                    var row: [String: Any] = ["description": line.description, "date": line.date?.iso8601 ?? NSNull(),
                                              "amount": line.amount.map(money) ?? NSNull(), "costType": line.type.rawValue,
                                              "suggested": line.suggested]
                    switch line.source {
                    case .receipt(let id): row["receipt"] = id
                    case .manual(let id): row["manualCost"] = id
                    }
                    return row
                },
                "eligibleCosts": money(e.eligibleCosts), "subsidies": money(e.subsidies),
                "subsidyReduction": money(e.subsidyReduction), "base": money(e.base),
                "previousYearsAverage": e.previousYearsAverage.map(money) ?? NSNull(),
                "baseUpToAverage": e.baseUpToAverage.map(money) ?? NSNull(), "excess": e.excess.map(money) ?? NSNull(),
                "partials": e.partials.map { ["label": $0.label, "amount": money($0.amount), "percent": "\($0.percent)",
                                              "deduction": money($0.deduction)] as [String: Any] },
                "deduction": money(e.total), "spending": money(c.spending), "notes": c.notes,
                "disclaimer": DeductionEstimate.disclaimer,
            ]
        }
        guard combined else { return projects.first ?? [:] }
        return ["year": year.map { $0 as Any } ?? NSNull(), "projects": projects, "disclaimer": DeductionEstimate.disclaimer,
                "spending": money(reports.reduce(Decimal(0)) { $0 + $1.costing.spending }),
                "deduction": money(reports.reduce(Decimal(0)) { $0 + $1.costing.estimate.total })]
    }
}
