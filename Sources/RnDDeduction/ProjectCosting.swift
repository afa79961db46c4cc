import Foundation
import RebutCore

/// One cost of a project: a filed receipt or a manual entry, with the type it counts as.
public struct CostLine: Sendable, Hashable {
    public enum Source: Sendable, Hashable {
        case receipt(Int64)
        case manual(Int64)
    }

    public var source: Source
    public var description: String
    public var date: LocalDate?
    public var amount: Decimal?
    public var currency: String?
    public var type: CostType
    /// True when nobody chose the type: it is the suggester's guess, and `reason` says why.
    public var suggested: Bool
    public var reason: String?

    public init(source: Source, description: String, date: LocalDate?, amount: Decimal?, currency: String?,
                type: CostType, suggested: Bool, reason: String? = nil) {
        self.source = source
        self.description = description
        self.date = date
        self.amount = amount
        self.currency = currency
        self.type = type
        self.suggested = suggested
        self.reason = reason
    }
}

/// A project's costs by type and the deduction they earn, for one fiscal year.
public struct ProjectCosting: Sendable {
    public var name: String
    public var type: ProjectType
    public var fiscalYear: Int?
    public var currency: String
    /// The costs counted: dated in the fiscal year (or undated manual entries), in `currency`.
    public var lines: [CostLine]
    public var estimate: DeductionEstimate
    public var notes: [String]

    public var spending: Decimal { lines.reduce(0) { $0 + ($1.amount ?? 0) } }

    public init(name: String, type: ProjectType, fiscalYear: Int?, currency: String, subsidies: Decimal,
                priorSpending: [Int: Decimal], costs: [CostLine], rates: DeductionRates) {
        self.name = name
        self.type = type
        self.fiscalYear = fiscalYear
        self.currency = currency
        var notes: [String] = []
        var counted: [CostLine] = []
        for line in costs {
            if let fiscalYear, let date = line.date, date.year != fiscalYear { continue }
            guard line.amount != nil else {
                notes.append("\(line.description) has no total yet: not counted (rebut review)")
                continue
            }
            guard (line.currency ?? currency) == currency else {
                notes.append("\(line.description) is in \(line.currency!), not \(currency): not counted")
                continue
            }
            counted.append(line)
        }
        let suggestedCount = counted.filter(\.suggested).count
        if suggestedCount > 0 {
            notes.append("\(suggestedCount) cost type\(suggestedCount == 1 ? " is" : "s are") suggested, not confirmed (rebut receipts set ID --cost-type TYPE)")
        }
        var byType: [CostType: Decimal] = [:]
        for line in counted { byType[line.type, default: 0] += line.amount! }
        lines = counted
        estimate = DeductionEstimate(type: type, costs: byType, subsidies: subsidies, previousYears: priorSpending,
                                     fiscalYear: fiscalYear, rates: rates)
        self.notes = notes + estimate.notes
    }
}

/// Every project of a fiscal year, summed: spending against deduction.
public struct YearDeductionSummary: Sendable {
    public var year: Int
    public var projects: [ProjectCosting]

    public init(year: Int, projects: [ProjectCosting]) {
        self.year = year
        self.projects = projects
    }

    public var spending: Decimal { projects.reduce(0) { $0 + $1.spending } }
    public var deduction: Decimal { projects.reduce(0) { $0 + $1.estimate.total } }
}
