import Foundation
import RebutCore
import Reports
import RnDDeduction

/// A project's costing (or a year's projects) as a `ReportDocument`: costs by type and every line
/// of the corporate-tax deduction estimate, so an accountant can check each figure by hand.
///
/// The estimate is labelled as such three times over — a highlighted box under the title, the
/// total's own label and the footer of every page — because a reader skimming one page must
/// not take it for tax advice.
public struct ProjectReportDocument: Sendable {
    public var projects: [ProjectCosting]
    /// The percentages the estimates were computed with (`rebut costs rates`), named on each line.
    public var rates: DeductionRates
    /// The fiscal year of `--all-projects --year`.
    public var year: Int?
    /// True for `--all-projects`: a first section sums the year's projects.
    public var combined: Bool
    public var generatedAt: Date

    public init(projects: [ProjectCosting], rates: DeductionRates = .defaults, year: Int? = nil, combined: Bool,
                generatedAt: Date = Date()) {
        self.projects = projects
        self.rates = rates
        self.year = year
        self.combined = combined
        self.generatedAt = generatedAt
    }

    public static let estimateLabel = DeductionEstimate.disclaimer

    public var document: ReportDocument {
        let footer = "Rebut · an estimate, not tax advice · generated \(LocalDate.containing(generatedAt).iso8601)"
        if combined || projects.count != 1 {
            var sections = [yearSection()]
            for project in projects {
                sections += projectSections(project, titlePrefix: "\(project.name) · ", newPage: true)
            }
            return ReportDocument(title: "R&D and innovation deduction", subtitle: "All projects" + (year.map { " · \($0)" } ?? ""),
                                  fields: yearFields(), sections: sections, footer: footer)
        }
        let project = projects[0]
        return ReportDocument(title: "\(project.type == .rd ? "R&D" : "Innovation") deduction estimate",
                              subtitle: project.name + (project.fiscalYear.map { " · fiscal year \($0)" } ?? ""),
                              fields: projectFields(project), sections: projectSections(project, titlePrefix: "", newPage: false),
                              footer: footer)
    }

    // MARK: header

    private func projectFields(_ p: ProjectCosting) -> [ReportField] {
        let e = p.estimate, c = p.currency
        return [
            ReportField("Project", p.name), ReportField("Type", p.type.title),
            ReportField("Fiscal year", p.fiscalYear.map(String.init) ?? "not set (every dated cost counts)"),
            ReportField("Subsidies received", ReportText.money(e.subsidies, currency: c)),
            ReportField("Spending", ReportText.money(p.spending, currency: c)),
            ReportField("Deduction (estimate)", ReportText.money(e.total, currency: c)),
        ]
    }

    private func yearFields() -> [ReportField] {
        var fields = [ReportField("Fiscal year", year.map(String.init) ?? "each project's own"),
                      ReportField("Projects", "\(projects.count)")]
        for currency in currencies {
            let group = projects.filter { $0.currency == currency }
            let suffix = currencies.count > 1 ? " (\(currency))" : ""
            fields.append(ReportField("Spending\(suffix)", ReportText.money(group.reduce(0) { $0 + $1.spending }, currency: currency)))
            fields.append(ReportField("Deduction (estimate)\(suffix)",
                                      ReportText.money(group.reduce(0) { $0 + $1.estimate.total }, currency: currency)))
        }
        return fields
    }

    private var currencies: [String] { Array(Set(projects.map(\.currency))).sorted() }

    // MARK: the year's projects

    private func yearSection() -> ReportSection {
        var blocks: [ReportBlock] = [.flags([Self.estimateLabel])]
        if projects.isEmpty { blocks.append(.paragraph("No projects\(year.map { " for \($0)" } ?? "").")) }
        for currency in currencies {
            let group = projects.filter { $0.currency == currency }
            let rows = group.map { p -> ReportRow in
                let share = p.spending > 0 ? p.estimate.total / p.spending : 0
                return ReportRow([.text(p.name), .text(p.type == .rd ? "R&D" : "IT"), .money(p.spending, currency: currency),
                                  .money(p.estimate.total, currency: currency), .percent(share), .bar(share)])
            }
            let spending = group.reduce(Decimal(0)) { $0 + $1.spending }, deduction = group.reduce(Decimal(0)) { $0 + $1.estimate.total }
            blocks.append(.table(ReportTable(id: "projects-\(currency)", columns: [
                ReportColumn("project", "Project", width: 2.2), ReportColumn("type", "Type", width: 0.6),
                ReportColumn("spending", "Spending", .money, width: 1.5), ReportColumn("deduction", "Deduction (estimate)", .money, width: 1.6),
                ReportColumn("share", "Of spending", .percent, width: 1.1), ReportColumn("bar", "", .bar, width: 1.4),
            ], rows: rows, totals: ReportRow([.text("All projects (\(currency))"), .empty, .money(spending, currency: currency),
                                              .money(deduction, currency: currency),
                                              .percent(spending > 0 ? deduction / spending : 0), .empty]))))
            blocks.append(.chart(ReportChart(title: "Deduction against spending, all projects (\(currency))", kind: .bars,
                                             currency: currency,
                                             points: [ChartPoint("Spending", spending), ChartPoint("Deduction (estimate)", deduction)])))
            blocks.append(.table(DeductionTables.summed(group, currency: currency, rates: rates)))
        }
        if currencies.count > 1 { blocks.append(.paragraph("Projects are summed per currency; amounts in different currencies are never added.")) }
        return ReportSection("All projects" + (year.map { " of \($0)" } ?? ""), blocks: blocks)
    }

    // MARK: one project

    private func projectSections(_ p: ProjectCosting, titlePrefix: String, newPage: Bool) -> [ReportSection] {
        let c = p.currency
        var deduction: [ReportBlock] = newPage ? [] : [.flags([Self.estimateLabel])]
        deduction.append(.table(DeductionTables.lines(p, rates: rates)))
        if p.spending > 0 {
            deduction.append(.chart(ReportChart(title: "Deduction against spending (\(c))", kind: .bars, currency: c,
                                                points: [ChartPoint("Spending", p.spending),
                                                         ChartPoint("Deduction (estimate)", p.estimate.total)])))
        }
        deduction.append(.paragraph(DeductionTables.method(p.type, rates: rates)))
        if !p.notes.isEmpty { deduction.append(.flags(p.notes)) }

        var costs: [ReportBlock] = [.table(DeductionTables.byType(p))]
        let spent = CostType.allCases.compactMap { type in
            p.estimate.costs[type].flatMap { $0 > 0 ? ChartPoint(DeductionTables.shortTitle(type), $0) : nil }
        }
        if !spent.isEmpty {
            costs.append(.chart(ReportChart(title: "Costs by type (\(c))", kind: .bars, currency: c, points: spent)))
        }
        if p.lines.isEmpty {
            costs.append(.paragraph("No costs counted yet: file receipts under the project or add manual entries (rebut costs add)."))
        } else {
            costs.append(.table(DeductionTables.costLines(p)))
        }
        return [ReportSection(titlePrefix + "Deduction estimate" + (p.fiscalYear.map { ", fiscal year \($0)" } ?? ""),
                              blocks: deduction, startsNewPage: newPage),
                ReportSection(titlePrefix + "Costs by type", blocks: costs, startsNewPage: !newPage)]
    }
}
