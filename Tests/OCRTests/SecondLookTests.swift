import CLeptonica
import Foundation
import RebutTestSupport
import Imaging
import Ingest
import OCR
import Testing

/// A page that reads as almost nothing gets a second look: turned round, or with its
/// contrast stretched, through the real engine.
@Suite struct SecondLookTests {
    static let receiptLines = [
        "CAFE DEL MAR SL", "C/ MAJOR 12, 08001 BARCELONA", "2 CAFE CON LECHE        3.20",
        "1 CROISSANT             1.80", "1 ZUMO NARANJA          2.50", "IVA 10%                 0.68",
        "TOTAL EUR               7.50", "TARJETA VISA ****1234", "17/03/2024 09:41",
    ]

    static let pool = Result { try OCRWorkerPool(workers: 1, settings: .default(), cleaning: .default) }

    @Test(arguments: [1, 2, 3])
    func aReceiptTurnedByQuarterTurnsIsReadUpright(turns: Int) async throws {
        let folder = try TemporaryDirectory()
        let receipt = try #require(LeptonicaImage.renderedText(Self.receiptLines + Self.receiptLines, fontSize: 12))
        let turned = try #require(receipt.rotated(quarterTurns: turns))
        let page = try await Self.pool.get().recognize(try folder.ingest(turned, named: "turned"))
        #expect(page.text.contains("TOTAL EUR"), "\(turns) quarter turns read as: \(page.text)")
        #expect(page.text.contains("17/03/2024"))
    }

    /// Tesseract's orientation detection names the turn that stands the text upright.
    @Test(arguments: [1, 2, 3])
    func orientationDetectionNamesTheTurnBack(turns: Int) throws {
        let engine = try TesseractEngine(settings: .default())
        let receipt = try #require(LeptonicaImage.renderedText(Self.receiptLines + Self.receiptLines, fontSize: 16))
        let turned = try #require(receipt.rotated(quarterTurns: turns))
        #expect(engine.uprightTurns(of: turned) == (4 - turns) % 4)
        #expect([nil, 0].contains(engine.uprightTurns(of: receipt)))
    }

    /// A sideways receipt whose ink profile looks upright (here: bands of dotted rows across the
    /// frame, as a patterned tablecloth gives; solid stripes are too large to pass for print)
    /// is still turned the right way: orientation detection names the quarter turn, where the
    /// profile alone only tried upside down.
    @Test(arguments: [1, 3])
    func aSidewaysReceiptThatLooksUprightIsStillTurned(turns: Int) async throws {
        let folder = try TemporaryDirectory()
        let receipt = try #require(LeptonicaImage.renderedText(Self.receiptLines + Self.receiptLines, fontSize: 12))
        let turned = try #require(receipt.rotated(quarterTurns: turns))
        let band = Int32(turned.height / 2)
        let canvas = try #require(LeptonicaImage(taking: pixCreate(Int32(turned.width), Int32(turned.height) + 2 * band, 8)))
        pixSetAll(canvas.pointer)
        pixRasterop(canvas.pointer, 0, band, Int32(turned.width), Int32(turned.height), PIX_SRC, turned.pointer, 0, 0)
        for stripe in stride(from: Int32(0), to: band - 8, by: 12) {
            for dot in stride(from: Int32(0), to: Int32(turned.width), by: 5) {
                pixRasterop(canvas.pointer, dot, stripe, 3, 3, PIX_CLR, nil, 0, 0)
                pixRasterop(canvas.pointer, dot, Int32(canvas.height) - 1 - stripe - 3, 3, 3, PIX_CLR, nil, 0, 0)
            }
        }
        #expect(!TextDirection.isSideways(canvas), "the trap: the ink profile calls it upright")
        let page = try await Self.uncroppedPool.get().recognize(try folder.ingest(canvas, named: "sideways"))
        #expect(page.text.contains("TOTAL EUR"), "\(turns) quarter turns read as: \(page.text)")
    }

    static let uncroppedPool = Result {
        try OCRWorkerPool(workers: 1, settings: .default(), cleaning: CleaningOptions(crop: false))
    }

    /// A quarter-turned image is cleaned again once upright: deskewing and sizing measured it
    /// while its lines ran down the page (glyph widths taken for heights), so it was read at
    /// another size than the same receipt upright.
    @Test func aQuarterTurnedReceiptIsReadAtTheSizeOfTheUprightOne() async throws {
        let folder = try TemporaryDirectory()
        let receipt = try #require(LeptonicaImage.renderedText(Self.receiptLines + Self.receiptLines, fontSize: 12))
        let upright = try await Self.pool.get().recognize(try folder.ingest(receipt, named: "upright"))
        let sideways = try #require(receipt.rotated(quarterTurns: 1))
        let turned = try await Self.pool.get().recognize(try folder.ingest(sideways, named: "turned"))
        #expect(turned.width < turned.height, "read upright")
        #expect(abs(Double(turned.height) / Double(upright.height) - 1) < 0.1,
                "upright read at \(upright.width)×\(upright.height), turned at \(turned.width)×\(turned.height)")
    }

    @Test func aFadedReceiptIsReadWithItsContrastStretched() async throws {
        let folder = try TemporaryDirectory()
        let receipt = try #require(LeptonicaImage.renderedText(Self.receiptLines + Self.receiptLines, fontSize: 12))
        // Ink at 215 on paper at 235: thermal paper left in the sun.
        let faded = try #require(receipt.withGreyLevels(ink: 215, paper: 235))
        let page = try await Self.pool.get().recognize(try folder.ingest(faded, named: "faded"))
        #expect(page.text.contains("TOTAL EUR"), "read as: \(page.text)")
    }

    /// Dot-matrix print in light grey: the size estimate measures the dots as characters and
    /// the dots read as noise. Thickened strokes, sized again, read as text.
    @Test func aDotMatrixReceiptIsReadWithItsStrokesThickened() async throws {
        let folder = try TemporaryDirectory()
        let receipt = try #require(LeptonicaImage.renderedText(Self.receiptLines + Self.receiptLines, fontSize: 20))
        let dotted = try #require(receipt.asDotMatrix(scale: 2, pitch: 5, dot: 3, ink: 120))
        let page = try await Self.pool.get().recognize(try folder.ingest(dotted, named: "dotted"))
        #expect(page.text.contains("TOTAL EUR"), "read as: \(page.text)")
        #expect(page.text.contains("17/03/2024"), "read as: \(page.text)")
    }
}
