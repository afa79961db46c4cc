import Foundation

/// A project's deduction, line by line, so the figures can be checked by hand. An estimate,
/// not tax advice: `disclaimer` goes with every output.
public struct DeductionEstimate: Sendable, Hashable {
    public static let disclaimer = "Estimate only, not tax advice: check eligibility and figures with your tax adviser."

    public struct Partial: Sendable, Hashable {
        /// What the percentage applies to ("base up to the average").
        public var label: String
        public var amount: Decimal
        public var percent: Decimal
        /// amount × percent / 100, rounded to the cent.
        public var deduction: Decimal
    }

    public var type: ProjectType
    /// Spending per cost type (receipts plus manual entries).
    public var costs: [CostType: Decimal]
    /// Costs in the base (every type but fixed assets).
    public var eligibleCosts: Decimal
    public var subsidies: Decimal
    /// subsidies × the subsidy reduction.
    public var subsidyReduction: Decimal
    /// eligible − subsidy reduction, never below zero: the reduced base.
    public var base: Decimal
    /// R&D only: the mean of the two previous years' R&D spending (nil when not given).
    public var previousYearsAverage: Decimal?
    /// R&D only: the base up to that average, and the base above it.
    public var baseUpToAverage: Decimal?
    public var excess: Decimal?
    public var partials: [Partial]
    public var total: Decimal { partials.reduce(0) { $0 + $1.deduction } }
    public var notes: [String]

    /// - Parameter previousYears: the R&D spending of the two fiscal years before; a missing
    ///   year counts as zero (the law averages both), and a note says so.
    public init(type: ProjectType, costs: [CostType: Decimal], subsidies: Decimal,
                previousYears: [Int: Decimal], fiscalYear: Int?, rates: DeductionRates = .defaults) {
        self.type = type
        self.costs = costs
        self.subsidies = subsidies
        var notes: [String] = []
        eligibleCosts = CostType.allCases.filter(\.isInBase).reduce(0) { $0 + (costs[$1] ?? 0) }
        subsidyReduction = Self.cents(subsidies * rates[.subsidyReduction] / 100)
        base = max(0, eligibleCosts - subsidyReduction)
        var partials: [Partial] = []
        func partial(_ label: String, _ amount: Decimal, _ key: DeductionRates.Key) {
            let percent = rates[key]
            partials.append(Partial(label: label, amount: amount, percent: percent, deduction: Self.cents(amount * percent / 100)))
        }
        switch type {
        case .rd:
            let years = fiscalYear.map { [$0 - 2, $0 - 1] } ?? previousYears.keys.sorted().suffix(2)
            for year in years where previousYears[year] == nil {
                notes.append("no R&D spending given for \(year): counted as 0 in the average")
            }
            let average = Self.cents(years.reduce(Decimal(0)) { $0 + (previousYears[$1] ?? 0) } / 2)
            previousYearsAverage = average
            let upTo = min(base, average)
            baseUpToAverage = upTo
            excess = base - upTo
            partial("base up to the previous years' average", upTo, .rdBase)
            partial("base above the average (excess)", base - upTo, .rdExcess)
            partial("qualified researchers exclusively on R&D", costs[.researchers] ?? 0, .rdResearchers)
            partial("fixed assets exclusively for R&D", costs[.fixedAssets] ?? 0, .rdFixedAssets)
        case .it:
            previousYearsAverage = nil
            baseUpToAverage = nil
            excess = nil
            partial("innovation base", base, .itBase)
            if let fixed = costs[.fixedAssets], fixed > 0 {
                notes.append("fixed-asset investments (\(fixed)) earn nothing in an innovation project and are left out of the base")
            }
        }
        if eligibleCosts < subsidyReduction {
            notes.append("the subsidy reduction exceeds the eligible costs: the base is 0")
        }
        self.partials = partials
        self.notes = notes
    }

    /// Rounded half away from zero to two decimals, as tax forms round.
    static func cents(_ value: Decimal) -> Decimal {
        var value = value, rounded = Decimal()
        NSDecimalRound(&rounded, &value, 2, .plain)
        return rounded
    }
}
