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

    @Test func aFadedReceiptIsReadWithItsContrastStretched() async throws {
        let folder = try TemporaryDirectory()
        let receipt = try #require(LeptonicaImage.renderedText(Self.receiptLines + Self.receiptLines, fontSize: 12))
        // Ink at 215 on paper at 235: thermal paper left in the sun.
        let faded = try #require(receipt.withGreyLevels(ink: 215, paper: 235))
        let page = try await Self.pool.get().recognize(try folder.ingest(faded, named: "faded"))
        #expect(page.text.contains("TOTAL EUR"), "read as: \(page.text)")
    }
}
