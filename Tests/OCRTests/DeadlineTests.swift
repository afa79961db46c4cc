import Foundation
import Imaging
import OCR
import Testing

/// No image may hang a batch: a reading past its deadline stops with that reason.
@Suite struct DeadlineTests {
    @Test func aReadingPastItsDeadlineIsStoppedWithThatReason() throws {
        var settings = OCRSettings.default()
        settings.recognitionDeadline = .milliseconds(1)
        let engine = try TesseractEngine(settings: settings)
        let page = try #require(LeptonicaImage.renderedText(Array(repeating: "TOTAL EUR 7.50 CAFE DEL MAR", count: 40), fontSize: 14))
        #expect(throws: OCRError.timedOut(.milliseconds(1))) { try engine.recognize(page) }

        settings.recognitionDeadline = .seconds(60)
        let patient = try TesseractEngine(settings: settings)
        #expect(try patient.recognize(page).text.contains("TOTAL"))
    }
}

@Suite struct EngineVariableTests {
    @Test func aMisspeltTesseractVariableIsAnErrorNotIgnored() throws {
        var settings = OCRSettings.default()
        settings.variables = ["tessedit_do_invertt": "0"]
        #expect(throws: OCRError.unknownVariable("tessedit_do_invertt")) { try TesseractEngine(settings: settings) }
        settings.variables = ["tessedit_do_invert": "0"]
        _ = try TesseractEngine(settings: settings)
    }
}
