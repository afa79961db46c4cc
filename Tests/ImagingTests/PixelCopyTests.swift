import CLeptonica
import Foundation
@testable import Imaging
import Testing

/// Rebut's own loops over Leptonica's pixels (a tiled quarter turn, a warp into the sheet's
/// rectangle) exist for speed only: they must give Leptonica's own pixels, on sizes that are
/// no multiple of a tile or of a word.
@Suite struct PixelCopyTests {
    private func pattern(width: Int, height: Int) throws -> LeptonicaImage {
        let image = try #require(LeptonicaImage(taking: pixCreate(Int32(width), Int32(height), 8)))
        for y in 0..<height {
            for x in 0..<width { pixSetPixel(image.pointer, Int32(x), Int32(y), UInt32((x * 7 + y * 13 + x * y) % 256)) }
        }
        pixSetResolution(image.pointer, 300, 200)
        return image
    }

    private func equal(_ a: LeptonicaImage, _ b: LeptonicaImage) -> Bool {
        var same: Int32 = 0
        return pixEqual(a.pointer, b.pointer, &same) == 0 && same == 1
    }

    @Test(arguments: [(37, 23), (130, 67), (64, 128), (1, 5)])
    func aQuarterTurnGivesLeptonicasPixels(width: Int, height: Int) throws {
        let image = try pattern(width: width, height: height)
        for turns in [1, 2, 3] {
            let ours = try #require(image.rotated(quarterTurns: turns))
            let theirs = try #require(LeptonicaImage(taking: pixRotateOrth(image.pointer, Int32(turns))))
            #expect(equal(ours, theirs), "\(width)×\(height) turned \(turns)")
            #expect(ours.resolution == 300)
        }
        for (orientation, direction) in [(6, Int32(1)), (8, Int32(-1))] {
            let ours = try #require(image.applyingOrientation(orientation))
            let theirs = try #require(LeptonicaImage(taking: pixRotate90(image.pointer, direction)))
            #expect(equal(ours, theirs), "\(width)×\(height) EXIF \(orientation)")
        }
    }

    @Test func theSheetIsWarpedAsLeptonicaWarpsTheWholeFrame() throws {
        let frame = try pattern(width: 301, height: 207)
        let quad = PaperQuad(topLeft: .init(x: 40.3, y: 22.7), topRight: .init(x: 250.8, y: 35.1),
                             bottomRight: .init(x: 240.2, y: 190.6), bottomLeft: .init(x: 55.9, y: 180.4))
        let ours = try #require(quad.flattened(frame))
        // Leptonica's own warp fills an image the frame's size; the sheet is its top-left corner.
        var source: UnsafeMutablePointer<PTA>? = ptaCreate(4), destination: UnsafeMutablePointer<PTA>? = ptaCreate(4)
        defer { ptaDestroy(&source); ptaDestroy(&destination) }
        let w = Double(ours.width), h = Double(ours.height)
        for (p, q) in [(quad.topLeft, (0.0, 0.0)), (quad.topRight, (w - 1, 0)), (quad.bottomRight, (w - 1, h - 1)),
                       (quad.bottomLeft, (0, h - 1))] {
            ptaAddPt(source, Float(p.x), Float(p.y))
            ptaAddPt(destination, Float(q.0), Float(q.1))
        }
        let whole = try #require(LeptonicaImage(taking: pixProjectivePtaGray(frame.pointer, destination, source, 255)))
        let theirs = try #require(whole.clipped(to: PixelRect(x: 0, y: 0, width: Int32(ours.width), height: Int32(ours.height))))
        #expect(ours.width > 150 && ours.height > 120)
        #expect(equal(ours, theirs))
    }
}
