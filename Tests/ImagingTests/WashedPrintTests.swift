import CLeptonica
import Foundation
@testable import Imaging
import RebutTestSupport
import Testing

/// Print washed out by a reflection over part of a slip is deepened there and nowhere else;
/// a slip printed evenly, faint or dark, is left as it is.
@Suite struct WashedPrintTests {
    /// A cleaned slip as Tesseract gets it: print about 28 px tall, black on white.
    private func slip() throws -> LeptonicaImage {
        let lines = receiptLines + receiptLines + receiptLines
        let rendered = try #require(LeptonicaImage.renderedText(lines, fontSize: 20, margin: 60))
        return try rendered.scaled(by: 1.5)
    }

    /// The slip with the print inside `rect` lifted towards white, as a lamp's reflection
    /// lifts it: `kept` of its darkness below the paper stays.
    private func washed(_ page: LeptonicaImage, in rect: PixelRect, kept: Float) throws -> LeptonicaImage {
        let patch = try #require(page.clipped(to: rect))
        let darkness = try #require(LeptonicaImage(taking: pixInvert(nil, patch.pointer)))
        pixMultConstantGray(darkness.pointer, kept)
        let lifted = try #require(LeptonicaImage(taking: pixInvert(nil, darkness.pointer)))
        return try #require(page.pasting(lifted, x: Int(rect.x), y: Int(rect.y)))
    }

    private func level(_ image: LeptonicaImage, in rect: PixelRect, rank: Float) throws -> Int {
        let region = try #require(image.clipped(to: rect))
        return try #require(region.greyLevels(at: [rank])?.first)
    }

    private func darkest(_ image: LeptonicaImage, in rect: PixelRect) throws -> Int {
        try level(image, in: rect, rank: 0.002)
    }

    @Test func printUnderAReflectionIsDeepenedAndTheRestIsLeftAsItIs() throws {
        let page = try slip()
        let glare = PixelRect(x: 150, y: Int32(page.height / 3), width: Int32(page.width / 2), height: Int32(page.height / 4))
        let washedPage = try washed(page, in: glare, kept: 0.22)
        let before = try darkest(washedPage, in: glare)
        #expect(before >= 190, "the reflection leaves print at \(before)")

        let deepened = try #require(WashedPrint.deepened(washedPage))
        let after = try darkest(deepened, in: glare)
        // Brought to the contrast a washed tile starts at (`washedShare` of the usual): 199 → ~140.
        #expect(after <= 150, "print under the reflection deepened from \(before) to \(after) only")
        // The paper under the reflection keeps its level.
        let paper = try level(deepened, in: glare, rank: 0.6)
        #expect(paper >= 245, "paper \(paper)")
        // Far from the reflection, not a pixel changes.
        let below = PixelRect(x: 0, y: glare.y + glare.height + 200, width: Int32(page.width),
                              height: Int32(page.height) - (glare.y + glare.height + 200))
        let washedBelow = try #require(washedPage.clipped(to: below)), deepenedBelow = try #require(deepened.clipped(to: below))
        var same: Int32 = 0
        pixEqual(washedBelow.pointer, deepenedBelow.pointer, &same)
        #expect(same == 1)
    }

    @Test func anEvenlyPrintedSlipIsLeftAsItIs() throws {
        #expect(WashedPrint.deepened(try slip()) == nil)
    }

    /// A faded slip is faint all over: nothing is washed out against the rest of its print
    /// (stretching faint print is `faintInkStretched`'s job).
    @Test func aSlipFadedAllOverIsLeftAsItIs() throws {
        let page = try slip()
        let faded = try washed(page, in: PixelRect(x: 0, y: 0, width: Int32(page.width), height: Int32(page.height)), kept: 0.3)
        #expect(WashedPrint.deepened(faded) == nil)
    }

    /// Light print along the slip's edge (its shadow, the paper's border) is no reflection.
    @Test func lightPrintAlongTheEdgeIsLeftAsItIs() throws {
        let page = try slip()
        let edge = try washed(page, in: PixelRect(x: 0, y: 0, width: Int32(page.width), height: 100), kept: 0.22)
        #expect(WashedPrint.deepened(edge) == nil)
    }

    /// Cleaning deepens it too, and can be told not to.
    @Test func cleaningDeepensWashedPrintUnlessSwitchedOff() throws {
        let page = try slip()
        let glare = PixelRect(x: 150, y: Int32(page.height / 3), width: Int32(page.width / 2), height: Int32(page.height / 4))
        let washedPage = try washed(page, in: glare, kept: 0.22)
        var options = CleaningOptions(crop: false, deskew: false, normalizeBackground: false, stretchFaintInk: false, scale: false)
        options.flattenCurl = false
        options.levelFan = false
        let cleaned = try ReceiptCleaner(options: options).clean(washedPage)
        #expect(try darkest(cleaned, in: glare) <= 150)
        options.deepenWashedPrint = false
        let plain = try ReceiptCleaner(options: options).clean(washedPage)
        #expect(try darkest(plain, in: glare) >= 190)
    }
}
