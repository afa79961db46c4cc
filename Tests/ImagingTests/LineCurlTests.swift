import Foundation
@testable import Imaging
import RebutTestSupport
import Testing

/// A slip curling up at its edges bows its printed lines; `LineCurl` finds the bow and takes it
/// out, and leaves straight print alone.
@Suite struct LineCurlTests {
    private func slip() throws -> LeptonicaImage {
        try #require(LeptonicaImage.renderedText(receiptLines + receiptLines + receiptLines, fontSize: 16, margin: 30))
    }

    /// The slip as a curled one is photographed: each column lifted by the bow. Taking out the
    /// opposite bow puts it in (a capture's row y holds the flat row y + lift).
    private func bowed(_ image: LeptonicaImage, depth: Double, tilt: Double = 0) throws -> LeptonicaImage {
        try #require(LineCurl.flattened(image, removing: LineCurl.Bow(depth: -depth, tilt: -tilt)))
    }

    @Test func straightPrintHasNoBow() throws {
        #expect(LineCurl.measure(try slip()) == nil)
    }

    @Test(arguments: [3.0, 4.0, -3.0])
    func aBowOfAFewPercentIsMeasured(percent: Double) throws {
        let flat = try slip()
        let depth = percent / 100 * Double(flat.width)
        let curled = try bowed(flat, depth: depth)
        let bow = try #require(LineCurl.measure(curled), "no bow found in a \(depth) px bow")
        #expect(abs(bow.depth - depth) <= abs(depth) * 0.2, "measured \(bow.depth) px for \(depth) px")
    }

    @Test func aBowWithItsLowestPointOffTheMiddleIsMeasured() throws {
        let flat = try slip()
        let depth = 0.03 * Double(flat.width), tilt = 0.01 * Double(flat.width)
        let bow = try #require(LineCurl.measure(try bowed(flat, depth: depth, tilt: tilt)))
        #expect(abs(bow.depth - depth) <= depth * 0.2, "depth \(bow.depth) for \(depth)")
        #expect(abs(bow.tilt - tilt) <= depth * 0.2, "tilt \(bow.tilt) for \(tilt)")
    }

    @Test func flatteningStraightensTheLines() throws {
        let curled = try bowed(try slip(), depth: 0.04 * Double(try slip().width))
        let bow = try #require(LineCurl.measure(curled))
        let flattened = try #require(LineCurl.flattened(curled, removing: bow))
        #expect(LineCurl.measure(flattened) == nil, "still bowed: \(String(describing: LineCurl.measure(flattened)))")
        // Taller by the bow, so no line is cut off; as wide as before.
        #expect(flattened.width == curled.width)
        #expect(flattened.height >= curled.height + Int(abs(bow.depth)) - 1)
    }

    /// Lying sideways, a curled slip's lines bow down the page, where the bow search (which
    /// measures along rows) cannot see them: it is flattened once turned upright.
    @Test func aCurledSlipLyingSidewaysIsFlattenedOnceTurnedUpright() throws {
        let flat = try slip()
        let curled = try bowed(flat, depth: 0.04 * Double(flat.width))
        let sideways = try #require(curled.rotated(quarterTurns: 1))
        let cleaner = ReceiptCleaner(options: CleaningOptions(crop: false, deskew: false, normalizeBackground: false,
                                                              binarize: false, scale: false))
        var notes: [String] = []
        let located = try cleaner.located(sideways, notes: &notes)
        let upright = try cleaner.turnedLocated(located, quarterTurns: 3)
        #expect(LineCurl.measure(upright) == nil, "still bowed: \(String(describing: LineCurl.measure(upright)))")
    }

    @Test func theCleanerFlattensACurledSlipAndCanBeToldNotTo() throws {
        let flat = try slip()
        let curled = try bowed(flat, depth: 0.04 * Double(flat.width))
        var notes: [String] = []
        let locating = CleaningOptions(crop: false, deskew: false, normalizeBackground: false, binarize: false, scale: false)
        let located = try ReceiptCleaner(options: locating).located(curled, notes: &notes)
        #expect(LineCurl.measure(located) == nil)
        var leftAlone = locating
        leftAlone.flattenCurl = false
        let asCaptured = try ReceiptCleaner(options: leftAlone).located(curled, notes: &notes)
        #expect(LineCurl.measure(asCaptured) != nil)
    }
}
