import Foundation
import Imaging
@testable import OCR
import RebutCore
import RebutTestSupport
import Testing

/// Print the page's layout analysis left out is found by its ink and read back in place,
/// through the real engine. The drop is made by removing lines from a real reading: Tesseract
/// drops blocks of photos, not of clean rendered text.
@Suite struct UnreadBandsTests {
    static let receiptLines = [
        "CAFE DEL MAR SL", "C/ MAJOR 12, 08001 BARCELONA", "2 CAFE CON LECHE        3.20",
        "1 CROISSANT             1.80", "1 ZUMO NARANJA          2.50", "IVA 10%                 0.68",
        "TOTAL EUR               7.50", "TARJETA VISA ****1234", "17/03/2024 09:41", "GRACIES PER LA VISITA",
    ]

    static func reading(_ image: LeptonicaImage) throws -> (TesseractEngine, OCRPage) {
        let engine = try TesseractEngine(settings: .default())
        return (engine, try engine.recognize(image))
    }

    @Test func droppedLinesAreFoundAndReadBackInPlace() throws {
        let image = try #require(LeptonicaImage.renderedText(Self.receiptLines, fontSize: 20))
        let (engine, page) = try Self.reading(image)
        let droppedTexts = page.lines.map(\.text).filter { $0.contains("IVA") || $0.contains("TOTAL") }
        #expect(droppedTexts.count == 2)
        var dropped = page
        dropped.lines.removeAll { droppedTexts.contains($0.text) }
        #expect(!dropped.text.contains("TOTAL"))

        // One band per dropped line or one for both, between the lines kept above and below.
        let bands = UnreadBands.bands(in: image, page: dropped)
        #expect((1...2).contains(bands.count))
        let zumoBox = try #require(page.lines.first { $0.text.contains("ZUMO") }?.box)
        let visaBox = try #require(page.lines.first { $0.text.contains("VISA") }?.box)
        #expect(bands.allSatisfy { Int($0.y) >= zumoBox.y + zumoBox.height && Int($0.y + $0.height) <= visaBox.y })
        let recovered = try UnreadBands.recovered(dropped, in: image) { try engine.recognize($0, pageSegmentationMode: 6) }
        let texts = recovered.lines.map(\.text)
        // Read back as the page read them (the bitmap font's 5 reads as a 9 either way).
        #expect(texts == page.lines.map(\.text))
        let total = try #require(texts.firstIndex { $0.contains("TOTAL EUR") }, "read back: \(texts)")
        let zumo = try #require(texts.firstIndex { $0.contains("ZUMO") })
        let visa = try #require(texts.firstIndex { $0.contains("VISA") })
        #expect(zumo < total && total < visa)
        #expect(recovered.lines.count == page.lines.count)
        // Boxes are the page's, not the band's.
        let totalBox = try #require(recovered.lines[total].box)
        let original = try #require(page.lines.first { $0.text.contains("TOTAL EUR") }?.box)
        #expect(abs(totalBox.y - original.y) <= 3)
    }

    @Test func aCompleteReadingHasNoUnreadBand() throws {
        let image = try #require(LeptonicaImage.renderedText(Self.receiptLines, fontSize: 20))
        let (_, page) = try Self.reading(image)
        #expect(UnreadBands.bands(in: image, page: page).isEmpty)
    }

    @Test func rulesAndBlankSpaceAreNoBand() throws {
        // A rule of dashes and a blank gap between the lines, with nothing dropped but the rule.
        var lines = Self.receiptLines
        lines.insert("--------------------------------", at: 5)
        lines.insert("", at: 3)
        let image = try #require(LeptonicaImage.renderedText(lines, fontSize: 20))
        let (_, page) = try Self.reading(image)
        var withoutRule = page
        withoutRule.lines.removeAll { $0.text.contains("---") || $0.text.contains("___") }
        #expect(UnreadBands.bands(in: image, page: withoutRule).isEmpty)
    }

    @Test func aPageOfTooFewLinesIsLeftAsItIs() throws {
        let image = try #require(LeptonicaImage.renderedText(Self.receiptLines, fontSize: 20))
        let (_, page) = try Self.reading(image)
        var short = page
        short.lines = Array(page.lines.prefix(2))
        #expect(UnreadBands.bands(in: image, page: short).isEmpty)
    }
}
