import Foundation
import Imaging
import OCR
import Testing

@Suite struct OCRSettingsTests {
    @Test func projectTessdataIsFoundInTheCheckout() throws {
        let found = try #require(OCRSettings.locateProjectTessdata())
        #expect(found.lastPathComponent == "tessdata")
        #expect(FileManager.default.fileExists(atPath: found.appendingPathComponent("configs/rebut").path))
        #expect(OCRSettings.default().projectTessdata == found)
    }

    @Test func variablesReachTesseract() throws {
        var settings = OCRSettings.default()
        settings.variables["tessedit_char_whitelist"] = "0123456789."
        let image = try #require(LeptonicaImage.renderedText(["TOTAL 7.50"], fontSize: 12))
        let text = try TesseractEngine(settings: settings).recognize(image).text
        #expect(text.contains("7.50"))
        #expect(!text.contains("TOTAL"))
    }
}
