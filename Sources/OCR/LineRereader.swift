import CLeptonica
import CTesseract
import Foundation
import Imaging
import RebutCore

/// Reads chosen lines of a page again, each cut out of the cleaned page and enlarged, as a
/// single text line. Runs on the worker thread that read the page, with that thread's engine:
/// Tesseract handles are not thread-safe, and a second engine would cost its start-up again.
struct LineRereader {
    let options: LineRereadOptions

    /// `budget`: what the readings may cost; no line is read once it cannot pay for one (see
    /// `RereadBudget`).
    func reread(_ requests: [LineRereadRequest], of page: OCRPage, in image: LeptonicaImage,
                engine: TesseractEngine, budget: inout RereadBudget) -> [LineReread] {
        var readings: [LineReread] = []
        for request in requests {
            guard page.lines.indices.contains(request.lineIndex), let box = page.lines[request.lineIndex].box else { continue }
            let whitelist = options.useWhitelists ? request.content.whitelist : nil
            for height in request.lineHeights ?? [options.targetLineHeight] {
                guard let crop = lineImage(box, in: image, lineHeight: height) else { continue }
                for mode in options.pageSegmentationModes {
                    guard budget.spend(width: crop.width, height: crop.height) else { return readings }
                    guard let (text, confidence) = try? engine.recognizeLine(crop, pageSegmentationMode: mode,
                                                                            whitelist: whitelist),
                          !text.isEmpty else { continue }
                    readings.append(LineReread(lineIndex: request.lineIndex, text: text, confidence: confidence,
                                               variant: "psm\(mode)@\(height)px"))
                }
            }
        }
        return readings
    }

    /// The line's box with some paper around it, scaled so the line is `targetLineHeight` high,
    /// with a white margin (Tesseract reads text touching the edge badly).
    func lineImage(_ box: RebutCore.Box, in image: LeptonicaImage, lineHeight: Int? = nil) -> LeptonicaImage? {
        let targetLineHeight = lineHeight ?? options.targetLineHeight
        guard box.width > 2, box.height > 2 else { return nil }
        let padY = Int((Double(box.height) * options.verticalPadding).rounded())
        let padX = Int((Double(box.height) * options.horizontalPadding).rounded())
        let x = max(0, box.x - padX), y = max(0, box.y - padY)
        let right = min(image.width, box.x + box.width + padX), bottom = min(image.height, box.y + box.height + padY)
        guard right - x > 2, bottom - y > 2 else { return nil }
        guard var current = image.clipped(to: PixelRect(x: Int32(x), y: Int32(y), width: Int32(right - x),
                                                        height: Int32(bottom - y))) else { return nil }
        let factor = Float(targetLineHeight) / Float(box.height)
        if abs(factor - 1) > 0.05 {
            let scaled: UnsafeMutablePointer<PIX>?
            if current.depth == 8 && pixGetColormap(current.pointer) == nil {
                scaled = factor > 1 ? pixScaleGrayLI(current.pointer, factor, factor)
                                    : pixScaleAreaMap(current.pointer, factor, factor)
            } else {
                scaled = pixScale(current.pointer, factor, factor)
            }
            guard let image = LeptonicaImage(taking: scaled) else { return nil }
            current = image
        }
        let margin = Int32(max(8, targetLineHeight / 3))
        // White is 0 in 1 bpp, all bits set at other depths.
        let white: UInt32 = current.depth == 1 ? 0 : (current.depth == 32 ? 0xFFFFFF00 : UInt32((1 << current.depth) - 1))
        return LeptonicaImage(taking: pixAddBorderGeneral(current.pointer, margin, margin, margin, margin, white))
    }
}

extension TesseractEngine {
    /// Reads an image holding one line, in `pageSegmentationMode` and with an optional character
    /// whitelist; the engine's own mode and whitelist are restored afterwards, so the next page
    /// is read exactly as before.
    func recognizeLine(_ image: LeptonicaImage, pageSegmentationMode mode: Int,
                       whitelist: String?) throws(OCRError) -> (text: String, confidence: Double) {
        TessBaseAPISetPageSegMode(handle, TessPageSegMode(rawValue: UInt32(mode)))
        if let whitelist { _ = TessBaseAPISetVariable(handle, "tessedit_char_whitelist", whitelist) }
        defer {
            TessBaseAPIClear(handle)
            if whitelist != nil { _ = TessBaseAPISetVariable(handle, "tessedit_char_whitelist", "") }
            TessBaseAPISetPageSegMode(handle, TessPageSegMode(rawValue: UInt32(settings.pageSegmentationMode)))
        }
        TessBaseAPISetImage2(handle, image.pointer)
        TessBaseAPISetSourceResolution(handle, Int32(image.resolution >= 70 ? image.resolution : settings.fallbackResolution))
        guard TessBaseAPIRecognize(handle, nil) == 0 else { throw .recognitionFailed }
        // The page's own line walk, so split amounts are re-joined as on the page.
        let words = readLines().flatMap(\.words)
        let text = words.map(\.text).joined(separator: " ")
        let confidence = words.isEmpty ? 0 : words.map(\.confidence).reduce(0, +) / Double(words.count)
        return (text, confidence)
    }
}
