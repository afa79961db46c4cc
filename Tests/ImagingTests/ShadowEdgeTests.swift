import CLeptonica
import Foundation
@testable import Imaging
import RebutTestSupport
import Testing

/// A hard shadow across a slip (the phone's or a hand's, under one lamp): found by its straight
/// step with print on both sides, and evened out without leaving a grey band along its edge.
@Suite struct ShadowEdgeTests {
    /// A slip as located and sized: 20 px print on paper at 230, the grey of photographed paper.
    private func slip() throws -> LeptonicaImage {
        let page = try #require(LeptonicaImage.renderedText(receiptLines + receiptLines + receiptLines, fontSize: 20, margin: 40))
        pixMultConstantGray(page.pointer, 0.9)
        return page
    }

    /// `page` with everything right of `x` (or below `y`) darkened to `factor` of its level.
    private func shaded(_ page: LeptonicaImage, rightOf x: Int? = nil, below y: Int? = nil, factor: Float = 0.55) throws -> LeptonicaImage {
        let copy = try #require(LeptonicaImage(taking: pixCopy(nil, page.pointer)))
        let (left, top) = (Int32(x ?? 0), Int32(y ?? 0))
        let (width, height) = (Int32(page.width) - left, Int32(page.height) - top)
        let part = try #require(copy.clipped(to: PixelRect(x: left, y: top, width: width, height: height)))
        pixMultConstantGray(part.pointer, factor)
        pixRasterop(copy.pointer, left, top, width, height, PIX_SRC, part.pointer, 0, 0)
        return copy
    }

    @Test func aShadowDownTheSlipIsAnEdge() throws {
        let page = try slip()
        #expect(!ShadowEdge.crosses(page), "an evenly lit slip has none")
        #expect(ShadowEdge.crosses(try shaded(page, rightOf: page.width / 2)))
    }

    @Test func aShadowAcrossTheLinesIsAnEdgeToo() throws {
        let page = try slip()
        #expect(ShadowEdge.crosses(try shaded(page, below: page.height / 2)))
    }

    /// A lamp's light falling off across the slip darkens it as much, without a step: the
    /// background map evens it out as it always has.
    @Test func aLampsFallOffIsNoEdge() throws {
        let page = try #require(try slip().shadedLeftToRight(from: 255, to: 130))
        #expect(!ShadowEdge.crosses(page))
    }

    /// An evening lamp's light falling off steeply over the slip's middle fifth: the paper 2
    /// tiles apart differs by a fifth on every row, as across a shadow's edge, but it keeps
    /// changing beside the step as much: a slope, not an edge.
    @Test func aLampsSteepFallOffIsNoEdge() throws {
        let page = try slip()
        let (start, end) = (page.width * 2 / 5, page.width * 3 / 5)
        for x in start..<page.width {
            let factor = x >= end ? 0.5 : 1 - 0.5 * Double(x - start) / Double(end - start)
            for y in 0..<page.height {
                var value: UInt32 = 0
                pixGetPixel(page.pointer, Int32(x), Int32(y), &value)
                pixSetPixel(page.pointer, Int32(x), Int32(y), UInt32(Double(value) * factor))
            }
        }
        #expect(!ShadowEdge.crosses(page))
    }

    /// The slip's end against a table left in the crop steps down as sharply along a straight
    /// line, but print lies on one side of it only.
    @Test func theSlipsEndAgainstATableIsNoShadow() throws {
        let page = try slip()
        let table = try #require(LeptonicaImage.filled(width: page.width * 2, height: page.height, grey: 125))
        #expect(!ShadowEdge.crosses(try #require(table.pasting(page, x: 0, y: 0))))
    }

    /// Evened out, the paper just inside the shadow is as light as the paper far from it: the
    /// background map's tiles, smoothed over their neighbours, left a grey band there that
    /// Tesseract broke lines at.
    @Test func aShadowsEdgeLeavesNoGreyBand() throws {
        let page = try slip()
        let edge = page.width / 2
        let cleaner = ReceiptCleaner(options: CleaningOptions(crop: false, deskew: false, normalizeBackground: true,
                                                              binarize: false, scale: false))
        let evened = try cleaner.finish(try shaded(page, rightOf: edge))
        func paper(_ x: Int, width: Int) throws -> UInt32 {
            let strip = try #require(evened.clipped(to: PixelRect(x: Int32(x), y: 0, width: Int32(width), height: Int32(evened.height))))
            var level: UInt32 = 0
            pixGetRankValue(strip.pointer, 1, 0.7, &level)
            return level
        }
        let farLit = try paper(40, width: 60), farShade = try paper(evened.width - 100, width: 60)
        let justInside = try paper(edge + 4, width: 40)
        #expect(abs(Int(justInside) - Int(farShade)) <= 15, "inside the edge \(justInside), far in the shade \(farShade)")
        #expect(abs(Int(farShade) - Int(farLit)) <= 15, "shade \(farShade), lit \(farLit)")
    }
}
