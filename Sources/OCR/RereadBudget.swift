import RebutCore

/// How much re-reading of lines a page may pay for, counted in the work Tesseract's LSTM does
/// rather than in seconds, so that a receipt reads the same on a busy machine as on an idle one
/// (a clock deadline made runs under load differ by a field or two).
///
/// The unit is a line's length in line heights (its box's width over its height): the LSTM
/// scales every line to its own input height and steps across it, so that is what a reading
/// costs, whatever the pixel size. Measured on the first 60 tune receipts (release build, 2
/// cores): a re-read line costs 1.7 ms a unit, and the page's first reading, layout analysis
/// and second looks included, 1.2 ms a unit of the lines it found. `shareOfPage` 0.7 is thus
/// about as long as the first reading took, the bound the clock deadline kept; `minimum` is
/// its floor of 200 ms, for pages of a few lines. Re-reads use 3% of the page's units at the
/// median and under 0.4 at most on the tune part, scan-poor tune, the wild set and the 12 MP
/// photos: the budget only stops a planner that asks for far too much.
public struct RereadBudget: Sendable, Hashable {
    public static let shareOfPage = 0.7
    public static let minimum = 120.0

    /// Units left to spend.
    public private(set) var remaining: Double

    public init(units: Double) {
        remaining = units
    }

    /// The budget for re-reading `page`'s lines: a share of what reading it cost.
    public init(firstReading page: OCRPage) {
        self.init(firstReadings: [page])
    }

    /// One budget for the pages of a document, a share of what reading them all cost.
    public init(firstReadings pages: [OCRPage]) {
        let units = pages.flatMap(\.lines).compactMap(\.box).reduce(0.0) { $0 + Self.units(width: $1.width, height: $1.height) }
        self.init(units: max(Self.minimum, Self.shareOfPage * units))
    }

    /// The work of reading an image of one line.
    public static func units(width: Int, height: Int) -> Double {
        Double(max(0, width)) / Double(max(1, height))
    }

    /// Takes the cost of reading a line image of this size; false, spending nothing, when the
    /// budget cannot pay for it.
    public mutating func spend(width: Int, height: Int) -> Bool {
        let cost = Self.units(width: width, height: height)
        guard cost <= remaining else { return false }
        remaining -= cost
        return true
    }
}
