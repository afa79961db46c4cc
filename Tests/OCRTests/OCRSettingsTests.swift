import Foundation
import Imaging
import OCR
import Testing

@Suite struct OCRSettingsTests {
    /// Tesseract reads OMP_THREAD_LIMIT when it loads, so the test process must start with it;
    /// without it every engine spawns OpenMP threads, the suite's parallel readings overload the
    /// machine and dozens of OCR tests fail on the 60 s reading deadline instead of this one
    /// test saying why. `scripts/test.sh` exports it.
    @Test func theTestsRunWithOneOpenMPThreadPerEngine() {
        #expect(ProcessInfo.processInfo.environment["OMP_THREAD_LIMIT"] == "1",
                "run the tests with OMP_THREAD_LIMIT=1 in the environment (scripts/test.sh sets it)")
    }

    @Test func rebutsWordListsAreWrittenFromTheBinary() throws {
        let found = try #require(OCRSettings.locateProjectTessdata())
        #expect(found == BuiltInTessdata.folder)
        #expect(OCRSettings.default().projectTessdata == found)
        let words = try String(contentsOf: found.appendingPathComponent("rebut.user-words"), encoding: .utf8)
        #expect(words.split(separator: "\n").map(String.init) == BuiltInTessdata.userWords)
        let patterns = try String(contentsOf: found.appendingPathComponent("rebut.user-patterns"), encoding: .utf8)
        #expect(patterns.split(separator: "\n").map(String.init) == BuiltInTessdata.userPatterns)
        let config = try String(contentsOf: found.appendingPathComponent("configs/rebut"), encoding: .utf8)
        #expect(config.contains("tessedit_do_invert 0"))
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
