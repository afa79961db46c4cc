import Foundation

/// Cash rounding: tills without small coins round the amount due to the nearest five cents, and
/// print the adjustment (at most five cents) on a line of its own.
enum CashRounding {
    /// The largest step a cash rounding takes.
    static let step = Decimal(string: "0.05")!

    static func nearest(_ value: Decimal) -> Decimal {
        var twentieths = value * 20
        var rounded = Decimal()
        NSDecimalRound(&rounded, &twentieths, 0, .plain)
        return rounded / 20
    }

    static func isRounded(_ value: Decimal) -> Bool {
        var cents = value * 100
        var rounded = Decimal()
        NSDecimalRound(&rounded, &cents, 0, .plain)
        guard rounded == cents else { return false }
        return NSDecimalNumber(decimal: rounded).intValue % 5 == 0
    }

    /// Whether `rounded` could be what a till printed for `value` after cash rounding.
    static func couldRound(_ value: Decimal, to rounded: Decimal) -> Bool {
        abs(rounded - value) <= step && isRounded(rounded)
    }
}
