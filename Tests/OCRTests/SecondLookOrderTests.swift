import Foundation
import Imaging
@testable import OCR
import RebutCore
import Testing

/// Which passes the second look makes, in which order: each pass of a large poor page is a
/// slow reading, so the order decides what a dot-matrix slip costs. Readings are stand-ins
/// here (the real engine reads the real images in `SecondLookTests`).
@Suite struct SecondLookOrderTests {
    /// A reading of `words` words at mean confidence `confidence`.
    static func reading(confidence: Double, words: Int = 40) -> OCRPage {
        let line = TextLine(text: "word", confidence: confidence, box: Box(x: 0, y: 0, width: 10, height: 10),
                            words: (0..<words).map { _ in Word(text: "AB12", confidence: confidence, box: Box(x: 0, y: 0, width: 10, height: 10)) })
        return OCRPage(lines: [line], meanConfidence: confidence, width: 100, height: 300)
    }

    /// Runs the second look on a poor first reading (confidence 40) whose thickened reading
    /// scores `thickened`; records which images were read.
    static func passes(thickened: Double, detected: Int?, sideways: Bool = false) throws -> (reads: [String], kept: Double) {
        let size = sideways ? (w: 300, h: 100) : (w: 100, h: 300)
        let first = try #require(LeptonicaImage.blank(width: size.w, height: size.h))
        let thick = try #require(LeptonicaImage.blank(width: size.w, height: size.h))
        let turnedImage = try #require(LeptonicaImage.blank(width: size.w, height: size.h))
        var reads: [String] = []
        let (page, _) = try SecondLook.improve(reading(confidence: 40), of: first,
                                               uprightTurns: { _ in detected },
                                               turn: { _, _ in turnedImage },
                                               thickened: { _ in thick }) { image in
            if image === thick { reads.append("thickened"); return reading(confidence: thickened) }
            reads.append("turned")
            return reading(confidence: 30)
        }
        return (reads, page.meanConfidence)
    }

    /// Thickening that lifts a poor reading by half the turn margin says the page stands upright
    /// (upside-down print does not become more legible with thicker strokes): no turned pass.
    @Test(arguments: [nil, 0] as [Int?])
    func aReadingThickeningLiftsIsNotTurned(detected: Int?) throws {
        let result = try Self.passes(thickened: 52, detected: detected)
        #expect(result.reads == ["thickened"])
        #expect(result.kept == 52)
    }

    /// Thickening that barely helps leaves the question open: the half turn is still tried.
    @Test func aReadingThickeningDoesNotLiftIsStillTurned() throws {
        let result = try Self.passes(thickened: 43, detected: nil)
        #expect(result.reads == ["thickened", "turned"])
    }

    /// Orientation detection naming the half turn goes first, before any thickening.
    @Test func aDetectedTurnComesFirst() throws {
        let result = try Self.passes(thickened: 52, detected: 2)
        #expect(result.reads.first == "turned")
    }
}
