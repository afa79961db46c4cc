import CLeptonica
import Foundation
@testable import Imaging
import RebutTestSupport
import Testing

/// Grain is measured, and smoothed out only where it is: a dim photo's sensor noise or a grainy
/// scan, never an ordinary page.
@Suite struct GrainTests {
    /// Print about 28 px tall, as the cleaner sizes it.
    private func slip(ink: Int, paper: Int) throws -> LeptonicaImage {
        let rendered = try #require(LeptonicaImage.renderedText(receiptLines + receiptLines, fontSize: 20, margin: 40)?
            .withGreyLevels(ink: ink, paper: paper))
        return try rendered.scaled(by: 1.5)
    }

    /// Every pixel moved by up to `amplitude` grey levels either way (a fixed sequence).
    private func grainy(_ page: LeptonicaImage, amplitude: Int) -> LeptonicaImage {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for y in 0..<page.height {
            for x in 0..<page.width {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let shift = Int((state >> 33) % UInt64(2 * amplitude + 1)) - amplitude
                var value: UInt32 = 0
                pixGetPixel(page.pointer, Int32(x), Int32(y), &value)
                pixSetPixel(page.pointer, Int32(x), Int32(y), UInt32(max(0, min(255, Int(value) + shift))))
            }
        }
        return page
    }

    @Test func anOrdinaryPageIsLeftAsItIs() throws {
        let page = try slip(ink: 20, paper: 245)
        let level = try #require(Grain.level(of: page))
        #expect(level < Grain.grainyLevel, "\(level)")
        #expect(Grain.smoothed(page) == nil)
    }

    @Test func aDimPhotosGrainIsSmoothedAndItsPrintKept() throws {
        let page = grainy(try slip(ink: 40, paper: 150), amplitude: 30)
        let level = try #require(Grain.level(of: page))
        #expect(level >= Grain.grainyLevel, "\(level)")
        let smooth = try #require(Grain.smoothed(page))
        let after = try #require(Grain.level(of: smooth))
        #expect(after < level / 2, "\(level) → \(after)")
        // The strokes are still there: as much ink below the paper's level as before.
        func ink(_ image: LeptonicaImage) throws -> Int {
            let binary = try #require(LeptonicaImage(taking: pixThresholdToBinary(image.pointer, 95)))
            var count: Int32 = 0
            pixCountPixels(binary.pointer, &count, nil)
            return Int(count)
        }
        let clean = try ink(try slip(ink: 40, paper: 150))
        let smoothed = try ink(smooth)
        #expect(Double(smoothed) >= 0.8 * Double(clean) && Double(smoothed) <= 1.25 * Double(clean), "\(smoothed) against \(clean)")
    }

    /// The cleaner smooths a grainy page once it is sized; switched off, the grain stays.
    @Test func theCleanerSmoothsAGrainyPage() throws {
        let page = grainy(try slip(ink: 40, paper: 150), amplitude: 30)
        var options = CleaningOptions(crop: false, deskew: false)
        let smoothed = try ReceiptCleaner(options: options).clean(page)
        options.smoothGrain = false
        let kept = try ReceiptCleaner(options: options).clean(page)
        let before = try #require(Grain.level(of: kept)), after = try #require(Grain.level(of: smoothed))
        #expect(after < before / 2, "\(before) → \(after)")
    }
}
