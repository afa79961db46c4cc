import RebutCore

/// A calendar quarter ("2025Q1"): the period of the tourist-tax self-assessment.
public struct Quarter: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    /// 1...4
    public let number: Int

    public init?(year: Int, number: Int) {
        guard (1...9999).contains(year), (1...4).contains(number) else { return nil }
        self.year = year
        self.number = number
    }

    /// "2025Q1", "2025-Q1" or "2025q1".
    public init?(_ text: String) {
        let upper = text.trimmingCharacters(in: .whitespaces).uppercased().replacingOccurrences(of: "-", with: "")
        let parts = upper.split(separator: "Q", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, let year = Int(parts[0]), let number = Int(parts[1]) else { return nil }
        self.init(year: year, number: number)
    }

    /// The quarter a day falls in.
    public init(containing date: LocalDate) {
        year = date.year
        number = (date.month - 1) / 3 + 1
    }

    public var firstDay: LocalDate { LocalDate(year: year, month: (number - 1) * 3 + 1, day: 1)! }

    public var lastDay: LocalDate {
        let month = number * 3
        return LocalDate(year: year, month: month, day: LocalDate.daysIn(month: month, year: year))!
    }

    public func contains(_ date: LocalDate) -> Bool { firstDay <= date && date <= lastDay }

    public static func allOf(year: Int) -> [Quarter] { (1...4).compactMap { Quarter(year: year, number: $0) } }

    public var description: String { "\(year)Q\(number)" }

    public static func < (a: Quarter, b: Quarter) -> Bool { (a.year, a.number) < (b.year, b.number) }
}
