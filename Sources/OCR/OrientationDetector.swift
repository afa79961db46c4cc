import CLeptonica
import CTesseract
import Foundation
import Imaging

/// Tesseract's orientation detection (its legacy `osd` model, shipped with Debian's
/// tesseract-ocr): which way up the text stands, when the first reading found almost nothing.
/// The ink-profile test (`TextDirection`) tells lines running down the page from lines running
/// across, but not which way round, and it misses slips whose logo or wide margins even the
/// profiles out: 5 of 30 sideways photos were tried only upside down and read as noise.
///
/// One per engine, made on first use (a worker that never meets a poor reading never pays its
/// start), and, like the engine, never shared between threads.
final class OrientationDetector {
    private let handle: OpaquePointer

    /// Nil when the osd model is not installed or will not start: the second look then falls
    /// back to the ink profile alone.
    init?(tessdata: String) {
        let model = URL(fileURLWithPath: tessdata).appendingPathComponent("osd.traineddata").path
        guard FileManager.default.fileExists(atPath: model), let handle = TessBaseAPICreate() else { return nil }
        let names = ["debug_file"], values = ["/dev/null"]
        let status = withCStrings(names) { namePointers in
            withCStrings(values) { valuePointers in
                TessBaseAPIInit4(handle, tessdata, "osd", OEM_TESSERACT_ONLY, nil, 0, namePointers, valuePointers, names.count, 0)
            }
        }
        guard status == 0 else {
            TessBaseAPIDelete(handle)
            return nil
        }
        TessBaseAPISetPageSegMode(handle, PSM_OSD_ONLY)
        self.handle = handle
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    /// Below this confidence Tesseract's guess is no better than chance. It only decides which
    /// turn is read first, so a weak but right guess (0.56 on a sideways slip with wide margins)
    /// still saves a reading; a receipt upright scores 4–7.
    static let minimumConfidence: Float = 0.5

    /// Clockwise quarter turns that stand the text upright, or nil when Tesseract cannot tell.
    func uprightTurns(of image: LeptonicaImage) -> Int? {
        // Orientation needs shapes, not detail: a copy at most 1600 px across reads in a third of the time.
        let longest = max(image.width, image.height)
        let factor = longest > 1600 ? Float(1600) / Float(longest) : 1
        guard let small = LeptonicaImage(taking: factor < 1 ? pixScaleAreaMap(image.pointer, factor, factor)
                                                            : pixClone(image.pointer)) else { return nil }
        TessBaseAPISetImage2(handle, small.pointer)
        TessBaseAPISetSourceResolution(handle, 300)
        defer { TessBaseAPIClear(handle) }
        var degrees: Int32 = 0, confidence: Float = 0, scriptConfidence: Float = 0
        var script: UnsafePointer<CChar>?
        guard TessBaseAPIDetectOrientationScript(handle, &degrees, &confidence, &script, &scriptConfidence) != 0,
              confidence >= Self.minimumConfidence else { return nil }
        // Tesseract reports how far the text is turned clockwise; standing it up undoes that.
        return (4 - Int(degrees / 90) % 4) % 4
    }
}
