import Foundation
@testable import Imaging
import RebutTestSupport
import Testing

/// A slip seen from one side fans its lines out; `LineFan` finds the fan and levels the lines,
/// and leaves parallel print alone.
@Suite struct LineFanTests {
    /// Lines as a till prints them, the width of the roll: long words, amounts at the right.
    private static let tillLines = [
        "SUPERMERCATS CONDAL SOCIETAT LIMITADA", "CARRER MAJOR 12, 08001 BARCELONA",
        "TIQUET SIMPLIFICAT 0004-00012345", "MANTEQUILLA ASTURIANA 250G     2,15",
        "CROISSANTS ARTESANALS          1,80", "TARONGES VALENCIANES 2KG       3,49",
        "FORMATGE MANCHEGO CURAT        6,95", "DETERGENT LIQUID COLORS        4,75",
        "GALETES INTEGRALS XOCOLATA     1,99", "AIGUA MINERAL NATURAL 6X1,5L   2,70",
        "SUBTOTAL                      23,88", "TARGETA CREDIT VISA ****1234",
        "IMPORT TOTAL EUROS            23,88", "GRACIES PER LA SEVA VISITA",
    ]

    private func slip() throws -> LeptonicaImage {
        try #require(LeptonicaImage.renderedText(Self.tillLines + Self.tillLines, fontSize: 16, margin: 30))
    }

    /// The slip as a camera to its right sees it: the right edge nearer, taller by `share` of the
    /// height at each end, so the top lines rise to the right and the bottom ones fall.
    private func fanned(_ image: LeptonicaImage, share: Double) throws -> LeptonicaImage {
        let w = Double(image.width), h = Double(image.height), reach = share * h
        // Laying this quad flat stretches its right side by `reach` above and below.
        let quad = PaperQuad(topLeft: .init(x: 0, y: -reach), topRight: .init(x: w - 1, y: 0),
                             bottomRight: .init(x: w - 1, y: h - 1), bottomLeft: .init(x: 0, y: h - 1 + reach))
        return try #require(quad.flattened(image))
    }

    @Test func parallelPrintHasNoFan() throws {
        #expect(LineFan.measure(try slip()) == nil)
    }

    @Test(arguments: [0.04, 0.08])
    func aFanIsMeasuredWithItsDirection(share: Double) throws {
        let flat = try slip()
        let photo = try fanned(flat, share: share)
        let fan = try #require(LineFan.measure(photo), "no fan found for a \(share) stretch")
        // The right side stretched: the top lines rise to the right, the bottom ones fall.
        #expect(fan.topSlope < 0 && fan.bottomSlope > 0, "\(fan)")
        // Each end's lines slope by about `share` of the height over the width, less towards the middle.
        let expected = atan(2 * share * Double(flat.height) / Double(flat.width)) * 180 / .pi
        #expect(fan.spread > expected * 0.4 && fan.spread < expected * 1.2, "spread \(fan.spread)° for up to \(expected)°")
    }

    @Test func levellingLeavesNoFan() throws {
        let photo = try fanned(try slip(), share: 0.08)
        let fan = try #require(LineFan.measure(photo))
        let level = try #require(LineFan.levelled(photo, removing: fan))
        #expect(LineFan.measure(level) == nil, "still fanned: \(String(describing: LineFan.measure(level)))")
    }

    @Test func theCleanerLevelsAFanAndCanBeToldNotTo() throws {
        let photo = try fanned(try slip(), share: 0.06)
        var notes: [String] = []
        let locating = CleaningOptions(crop: false, deskew: true, normalizeBackground: false, binarize: false, scale: false)
        let located = try ReceiptCleaner(options: locating).located(photo, notes: &notes)
        #expect(LineFan.measure(located) == nil)
        var leftAlone = locating
        leftAlone.levelFan = false
        let asCaptured = try ReceiptCleaner(options: leftAlone).located(photo, notes: &notes)
        #expect(LineFan.measure(asCaptured) != nil)
    }
}
