import CLeptonica
import Foundation
@testable import Imaging
import RebutTestSupport
import Testing

/// Light print on a dark ground (a screenshot in dark mode) is told from a light slip on a dark
/// table, dim or bright, and from dark print on paper.
@Suite struct PrintPolarityTests {
    private func page() throws -> LeptonicaImage {
        try #require(LeptonicaImage.renderedText(receiptLines + receiptLines, fontSize: 14, margin: 30))
    }

    @Test func lightPrintOnADarkGroundIsReadNegative() throws {
        let negative = try #require(try page().negative())
        #expect(PrintPolarity.isLightOnDark(negative))
        // Turned negative, it is dark print on light paper again.
        #expect(!PrintPolarity.isLightOnDark(try #require(negative.negative())))
    }

    /// An app's coloured header over a dark-mode receipt is a large light shape, but no paper:
    /// no dark letters lie on it.
    @Test func aLightHeaderOverLightPrintIsNoPaper() throws {
        let negative = try #require(try page().negative())
        let header = try #require(LeptonicaImage.filled(width: negative.width, height: negative.height / 8, grey: 150))
        let screen = try #require(negative.pasting(header, x: 0, y: 0))
        #expect(PrintPolarity.isLightOnDark(screen))
    }

    @Test func darkPrintOnPaperIsLeftAsItIs() throws {
        #expect(!PrintPolarity.isLightOnDark(try page()))
    }

    /// A slip on a dark table is one light shape of a good share of the frame, dim or not:
    /// its letters are dark.
    @Test(arguments: [255, 110])
    func aSlipOnADarkTableIsLeftAsItIs(paperLevel: Int) throws {
        let slip = try page()
        if paperLevel < 255 {
            pixMultConstantGray(slip.pointer, Float(paperLevel) / 255)
        }
        let table = try #require(LeptonicaImage.filled(width: slip.width * 3, height: slip.height + 400, grey: paperLevel / 3))
        let scene = try #require(table.pasting(slip, x: slip.width, y: 200))
        #expect(!PrintPolarity.isLightOnDark(scene))
    }

    /// Paper photographed in dim light is brought up to a light grey with its print kept black;
    /// paper that is light already is left alone.
    @Test func dimPaperIsBroughtUp() throws {
        let slip = try page()
        #expect(slip.dimPaperBrightened() == nil)
        pixMultConstantGray(slip.pointer, 0.4)
        let brightened = try #require(slip.dimPaperBrightened())
        let levels = try #require(brightened.greyLevels(at: [0.005, 0.6]))
        #expect(levels[0] <= 10, "ink \(levels[0])")
        #expect(abs(levels[1] - LeptonicaImage.brightenedPaperLevel) <= 10, "paper \(levels[1])")
    }
}
