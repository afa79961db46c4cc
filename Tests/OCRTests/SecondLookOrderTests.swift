import Foundation
import Imaging
@testable import OCR
import RebutCore
import RebutTestSupport
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

    /// Ink spread evenly, without lines either way (sensor noise, a texture), gets no second look:
    /// every look would be a whole reading of thousands of specks, and none finds text. A page
    /// with print on it, or with no ink measured at all (too faint to threshold), still gets one.
    @Test func aPageOfEvenSpecksGetsNoSecondLook() throws {
        let noise = try #require(LeptonicaImage.filled(width: 600, height: 800, grey: 200)?.speckled(count: 20000, size: 2))
        #expect(TextDirection.isEvenTexture(noise))
        var reads = 0
        _ = try SecondLook.improve(Self.reading(confidence: 20, words: 0), of: noise, uprightTurns: { _ in nil },
                                   turn: { image, _ in image }, thickened: { _ in noise }) { _ in
            reads += 1
            return Self.reading(confidence: 20, words: 0)
        }
        #expect(reads == 0)
        let printed = try #require(LeptonicaImage.renderedText(SecondLookTests.receiptLines, fontSize: 12))
        #expect(!TextDirection.isEvenTexture(printed))
        #expect(!TextDirection.isEvenTexture(try #require(printed.rotated(quarterTurns: 1))))
        #expect(!TextDirection.isEvenTexture(try #require(LeptonicaImage.blank(width: 600, height: 800))))
    }

    /// Not one word read: Tesseract's layout analysis took the page for a picture, whichever way
    /// up it is, so the page is read as one block first, and nothing more where that reads well.
    /// A reading with words in it, however poor, is not: its layout found the text.
    @Test(arguments: [0, 5])
    func aPageReadAsNothingIsReadAsOneBlockFirst(firstWords: Int) throws {
        let first = try #require(LeptonicaImage.blank(width: 100, height: 300))
        var reads: [String] = []
        let (page, _) = try SecondLook.improve(Self.reading(confidence: 30, words: firstWords), of: first,
                                               uprightTurns: { _ in nil },
                                               turn: { image, _ in reads.append("turn"); return image },
                                               thickened: { _ in reads.append("thicken"); return first },
                                               asOneBlock: { _ in reads.append("block"); return Self.reading(confidence: 80) }) { _ in
            Self.reading(confidence: 30, words: firstWords)
        }
        if firstWords == 0 {
            #expect(reads == ["block"])
            #expect(page.meanConfidence == 80)
        } else {
            #expect(!reads.contains("block"))
            #expect(reads.contains("thicken"))
        }
    }

    /// A one-block reading holding amounts read as amounts says the page stands upright, as a
    /// first reading holding them would: however poor the rest, no turn is read.
    @Test func aOneBlockReadingWithAmountsIsNotTurned() throws {
        let first = try #require(LeptonicaImage.blank(width: 100, height: 300))
        let box = Box(x: 0, y: 0, width: 10, height: 10)
        let amounts = ["12.50", "4.20", "9.99", "26.82"].map { Word(text: $0, confidence: 60, box: box) }
        let smudges = (0..<20).map { _ in Word(text: "ee", confidence: 20, box: box) }
        let block = OCRPage(lines: [TextLine(text: "", confidence: 30, box: box, words: amounts + smudges)],
                            meanConfidence: 30, width: 100, height: 300)
        var reads: [String] = []
        let (page, _) = try SecondLook.improve(Self.reading(confidence: 30, words: 0), of: first, sideways: true,
                                               uprightTurns: { _ in reads.append("detect"); return 1 },
                                               turn: { image, _ in reads.append("turn"); return image },
                                               asOneBlock: { _ in block }) { _ in
            reads.append("read")
            return Self.reading(confidence: 30, words: 0)
        }
        #expect(reads.isEmpty, "\(reads)")
        #expect(page.lines.first?.words.count == 24)
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

    /// A first reading (confidence 40, 30 words across the middle third) plus `amounts` words
    /// read as money; its thickened page reads at `thickened`, the middle third of that at
    /// `thickenedBand`. Records which images were read: a band is a third of the page's height.
    /// `recordingDetection`: orientation detection's asking is recorded too, as "detection".
    static func probedPasses(amounts: Int, thickened: Double, thickenedBand: Double, detected: Int? = nil,
                             sideways: Bool = false, recordingDetection: Bool = false) throws -> [String] {
        let first = try #require(sideways ? LeptonicaImage.blank(width: 300, height: 100) : LeptonicaImage.blank(width: 100, height: 300))
        let thick = try #require(LeptonicaImage.blank(width: 100, height: 300))
        let turnedImage = try #require(LeptonicaImage.blank(width: 100, height: 300))
        func word(_ text: String, y: Int, confidence: Double) -> Word {
            Word(text: text, confidence: confidence, box: Box(x: 0, y: y, width: 10, height: 10))
        }
        let words = (0..<30).map { word("WORD", y: 100 + 3 * $0, confidence: 40) }
            + (0..<amounts).map { word("\($0 + 1).50", y: 250, confidence: 70) }
        let line = TextLine(text: "", confidence: 40, box: Box(x: 0, y: 100, width: 100, height: 200), words: words)
        let firstPage = OCRPage(lines: [line], meanConfidence: 40, width: 100, height: 300)
        var reads: [String] = []
        _ = try SecondLook.improve(firstPage, of: first,
                                   uprightTurns: { _ in
                                       if recordingDetection { reads.append("detection") }
                                       return detected
                                   },
                                   turn: { _, _ in turnedImage }, thickened: { _ in thick }) { image in
            if image === thick { reads.append("thickened"); return reading(confidence: thickened) }
            if image.height == 100 { reads.append("thickened band"); return reading(confidence: thickenedBand) }
            reads.append("turned")
            return reading(confidence: 30)
        }
        return reads
    }

    /// Three amounts read as amounts say the print stands the right way up: no half turn.
    @Test func confidentAmountsRuleOutUpsideDown() throws {
        #expect(try Self.probedPasses(amounts: 3, thickened: 43, thickenedBand: 45) == ["thickened band", "thickened"])
        #expect(try Self.probedPasses(amounts: 2, thickened: 43, thickenedBand: 45) == ["thickened band", "thickened", "turned"])
    }

    /// Detection starts an engine of its own and reads the page once more: where the amounts
    /// have settled that the page stands upright, it is not asked, and the passes are the same.
    @Test func confidentAmountsSpareOrientationDetection() throws {
        let settled = try Self.probedPasses(amounts: 3, thickened: 43, thickenedBand: 45, detected: 2, recordingDetection: true)
        #expect(settled == ["thickened band", "thickened"])
        let open = try Self.probedPasses(amounts: 0, thickened: 43, thickenedBand: 45, detected: 2, recordingDetection: true)
        #expect(open.first == "detection")
    }

    /// Amounts read as amounts outrank orientation detection naming a turn, and lines the ink
    /// profile takes for sideways: print read across its lines gives no amount.
    @Test(arguments: [(2, false), (1, false), (nil, true)] as [(Int?, Bool)])
    func confidentAmountsOutrankDetectionAndTheInkProfile(detected: Int?, sideways: Bool) throws {
        let reads = try Self.probedPasses(amounts: 3, thickened: 43, thickenedBand: 45, detected: detected, sideways: sideways)
        #expect(!reads.contains("turned"))
        let without = try Self.probedPasses(amounts: 0, thickened: 43, thickenedBand: 45, detected: detected, sideways: sideways)
        #expect(without.contains("turned"))
    }

    /// Where the thickened middle third reads no better than the first reading's, the whole
    /// thickened page is not read.
    @Test func aThickenedBandReadingWorseSkipsTheWholePass() throws {
        #expect(try Self.probedPasses(amounts: 3, thickened: 60, thickenedBand: 35) == ["thickened band"])
    }

    /// What reads as money: a decimal point or comma before two digits, grouping, a currency
    /// mark before and a tax code after; not an apostrophe (an upside-down point) nor a bare count.
    @Test func moneyAsPrinted() {
        for text in ["12.50", "RM1,234.50", "12,50", "$8.20", "12.50A", "1.234,50"] {
            #expect(MoneyWords.looksLikeMoney(text), "\(text)")
        }
        for text in ["1250", "12.5", "12'50", "0S'21", "AB.CD", "12.500", ".50", "TOTAL"] {
            #expect(!MoneyWords.looksLikeMoney(text), "\(text)")
        }
    }

    /// A turned reading beats the best so far by legibility and a margin of mean confidence; but
    /// a best of a word or two has a mean that says nothing: a sideways page read as one word at
    /// 50 kept it over its upright reading of 100 words at 64.
    @Test func aTurnedReadingBeatsAFewFragmentsWithoutTheMargin() {
        let fragment = Self.reading(confidence: 50, words: 1)
        #expect(SecondLook.beats(Self.reading(confidence: 64, words: 100), fragment))
        #expect(!SecondLook.beats(Self.reading(confidence: 64, words: 100), Self.reading(confidence: 50, words: 60)))
        #expect(SecondLook.beats(Self.reading(confidence: 66, words: 100), Self.reading(confidence: 50, words: 60)))
        #expect(!SecondLook.beats(Self.reading(confidence: 30, words: 1), fragment), "less legible")
    }

    /// Lines known to run down the page (the located receipt measured so) are turned a quarter
    /// first, whatever the profile of the image read says.
    @Test func aReceiptKnownSidewaysIsTurnedAQuarterFirst() throws {
        let image = try #require(LeptonicaImage.blank(width: 100, height: 300))
        var turns: [Int] = []
        _ = try SecondLook.improve(Self.reading(confidence: 40, words: 2), of: image, sideways: true,
                                   turn: { _, quarterTurns in turns.append(quarterTurns); return image }) { _ in
            Self.reading(confidence: 40, words: 2)
        }
        #expect(turns.first.map { $0 % 2 == 1 } == true, "turns tried: \(turns)")
    }
}
