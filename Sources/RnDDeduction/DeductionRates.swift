import Foundation

/// The percentages of the deduction, editable because the law changes (`rebut deduction-rates`).
/// Defaults: Ley 27/2014 del Impuesto sobre Sociedades, art. 35, as in force since 2015.
public struct DeductionRates: Sendable, Hashable {
    public enum Key: String, Sendable, CaseIterable {
        /// Share of subsidies taken off the base.
        case subsidyReduction = "subsidy-reduction"
        /// R&D: on the base up to the average of the two previous years.
        case rdBase = "rd-base"
        /// R&D: on the base above that average.
        case rdExcess = "rd-excess"
        /// R&D: extra on the costs of qualified researchers exclusively on R&D.
        case rdResearchers = "rd-researchers"
        /// R&D: on investments in fixed assets used exclusively for R&D.
        case rdFixedAssets = "rd-fixed-assets"
        /// Technological innovation: on the base.
        case itBase = "it-base"

        public var defaultPercent: Decimal {
            switch self {
            case .subsidyReduction: return 65
            case .rdBase: return 25
            case .rdExcess: return 42
            case .rdResearchers: return 17
            case .rdFixedAssets: return 8
            case .itBase: return 12
            }
        }

        public var meaning: String {
            switch self {
            case .subsidyReduction: return "share of subsidies taken off the base"
            case .rdBase: return "R&D: on the base up to the average of the two previous years"
            case .rdExcess: return "R&D: on the base above that average"
            case .rdResearchers: return "R&D: extra on qualified researchers exclusively on R&D"
            case .rdFixedAssets: return "R&D: on fixed assets used exclusively for R&D"
            case .itBase: return "technological innovation: on the base"
            }
        }
    }

    /// Percent per key (25 means 25%).
    public var percent: [Key: Decimal]

    public init(percent: [Key: Decimal] = [:]) {
        var all: [Key: Decimal] = [:]
        for key in Key.allCases { all[key] = percent[key] ?? key.defaultPercent }
        self.percent = all
    }

    public static let defaults = DeductionRates()

    public subscript(_ key: Key) -> Decimal { percent[key] ?? key.defaultPercent }
}
