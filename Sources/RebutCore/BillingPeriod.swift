/// The days a utility bill covers ("10/01–11/03"), as printed on it. Both ends inclusive.
///
/// Kept apart from the bill's date: the bill is counted in the quarter it was issued, whatever
/// period it covers, and the report says which period that was.
public struct BillingPeriod: Sendable, Hashable, Codable, CustomStringConvertible {
    public var start: LocalDate
    public var end: LocalDate

    public init?(start: LocalDate, end: LocalDate) {
        guard start <= end else { return nil }
        self.start = start
        self.end = end
    }

    public var days: Int { end.dayNumber - start.dayNumber + 1 }

    public var description: String { "\(start.iso8601)…\(end.iso8601)" }
}
