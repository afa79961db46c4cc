import CLeptonica
import CTesseract
import CTesseractLineImages
import Foundation
import Imaging
import RebutCore

/// One Tesseract instance. Starting one costs 50–200 ms, so it is made once per worker and
/// reused. Not thread-safe: Tesseract keeps per-page state in the handle.
public final class TesseractEngine {
    let handle: OpaquePointer
    public let settings: OCRSettings

    /// Every language's data is installed: what can be checked before an engine starts.
    public static func checkLanguages(_ settings: OCRSettings) throws(OCRError) {
        let tessdata = settings.resolvedSystemTessdata
        for language in settings.languages.split(separator: "+").map(String.init) {
            let path = URL(fileURLWithPath: tessdata).appendingPathComponent(language + ".traineddata").path
            guard FileManager.default.fileExists(atPath: path) else { throw .missingLanguage(language) }
        }
    }

    public init(settings: OCRSettings) throws(OCRError) {
        try Self.checkLanguages(settings)
        let tessdata = settings.resolvedSystemTessdata
        guard let handle = TessBaseAPICreate() else {
            throw .initFailed(languages: settings.languages, tessdata: tessdata)
        }
        // Init-time variables: debug output goes nowhere rather than to stderr.
        var names = ["debug_file"]
        var values = ["/dev/null"]
        var configs: [String] = []
        if let project = settings.projectTessdata {
            let config = project.appendingPathComponent("configs/rebut")
            if FileManager.default.fileExists(atPath: config.path) { configs.append(config.path) }
            // Word lists are read with the dictionaries, so they must be set at init; their
            // paths depend on where the repository is, so they cannot live in the config file.
            for (variable, file) in [("user_words_file", "rebut.user-words"), ("user_patterns_file", "rebut.user-patterns")] {
                let path = project.appendingPathComponent(file).path
                if FileManager.default.fileExists(atPath: path) {
                    names.append(variable)
                    values.append(path)
                }
            }
        }
        for (name, value) in settings.variables.sorted(by: { $0.key < $1.key }) {
            names.append(name)
            values.append(value)
        }
        let status = withCStrings(configs) { configPointers in
            withCStrings(names) { namePointers in
                withCStrings(values) { valuePointers in
                    TessBaseAPIInit4(handle, tessdata, settings.languages, OEM_LSTM_ONLY,
                                     configPointers, Int32(configs.count),
                                     namePointers, valuePointers, names.count, 0)
                }
            }
        }
        guard status == 0 else {
            TessBaseAPIDelete(handle)
            throw .initFailed(languages: settings.languages, tessdata: tessdata)
        }
        // Tesseract ignores a name it does not know: a misspelt variable must not pass silently.
        for (name, value) in settings.variables.sorted(by: { $0.key < $1.key }) {
            guard Self.knows(handle, name) else {
                TessBaseAPIEnd(handle)
                TessBaseAPIDelete(handle)
                throw .unknownVariable(name)
            }
            _ = TessBaseAPISetVariable(handle, name, value)   // false for init-only ones, set above
        }
        TessBaseAPISetPageSegMode(handle, TessPageSegMode(rawValue: UInt32(settings.pageSegmentationMode)))
        self.handle = handle
        self.settings = settings
    }

    /// Line images Tesseract has encoded in this process, all stored uncompressed (the
    /// CTesseractLineImages target says why); zero would mean the speed-up is not in effect.
    public static var uncompressedLineImages: Int { rebut_tesseract_png_buffers_written() }

    private static func knows(_ handle: OpaquePointer, _ name: String) -> Bool {
        var int: Int32 = 0, bool: Int32 = 0, double: Double = 0
        return TessBaseAPIGetIntVariable(handle, name, &int) != 0 || TessBaseAPIGetBoolVariable(handle, name, &bool) != 0
            || TessBaseAPIGetDoubleVariable(handle, name, &double) != 0 || TessBaseAPIGetStringVariable(handle, name) != nil
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    /// Made on the first poor reading; `.some(nil)` once it failed to start.
    private var orientationDetector: OrientationDetector??

    /// Clockwise quarter turns that stand the image's text upright, by Tesseract's orientation
    /// detection; nil when it cannot tell or its model is missing.
    public func uprightTurns(of image: LeptonicaImage) -> Int? {
        if orientationDetector == nil {
            orientationDetector = .some(OrientationDetector(tessdata: settings.resolvedSystemTessdata))
        }
        return orientationDetector??.uprightTurns(of: image)
    }

    /// Reads the page in another segmentation mode, leaving the engine's own mode as it was.
    public func recognize(_ image: LeptonicaImage, pageSegmentationMode mode: Int,
                          cancelledBy cancellation: ReadingCancellation? = nil) throws(OCRError) -> OCRPage {
        TessBaseAPISetPageSegMode(handle, TessPageSegMode(rawValue: UInt32(mode)))
        defer { TessBaseAPISetPageSegMode(handle, TessPageSegMode(rawValue: UInt32(settings.pageSegmentationMode))) }
        return try recognize(image, cancelledBy: cancellation)
    }

    /// Reads the image. An image without text gives a page without lines, not an error:
    /// deciding that "no text" is a failure belongs to the caller.
    /// `cancellation`: Tesseract asks it between words and stops, with `OCRError.cancelled`,
    /// once it is set.
    public func recognize(_ image: LeptonicaImage, cancelledBy cancellation: ReadingCancellation? = nil) throws(OCRError) -> OCRPage {
        TessBaseAPISetImage2(handle, image.pointer)
        if image.resolution < 70 { TessBaseAPISetSourceResolution(handle, Int32(settings.fallbackResolution)) }
        defer { TessBaseAPIClear(handle) }
        let monitor = TessMonitorCreate()
        defer { TessMonitorDelete(monitor) }
        let deadline = settings.recognitionDeadline
        let milliseconds = deadline.components.seconds * 1000 + deadline.components.attoseconds / 1_000_000_000_000_000
        TessMonitorSetDeadlineMSecs(monitor, Int32(clamping: milliseconds))
        if let cancellation {
            TessMonitorSetCancelThis(monitor, Unmanaged.passUnretained(cancellation).toOpaque())
            TessMonitorSetCancelFunc(monitor) { this, _ in
                guard let this else { return false }
                return Unmanaged<ReadingCancellation>.fromOpaque(this).takeUnretainedValue().isCancelled
            }
        }
        let started = ContinuousClock.now
        let status = withExtendedLifetime(cancellation) { TessBaseAPIRecognize(handle, monitor) }
        if status != 0, cancellation?.isCancelled == true { throw .cancelled }
        if ContinuousClock.now - started >= deadline { throw .timedOut(deadline) }
        guard status == 0 else { throw .recognitionFailed }
        let lines = readLines()
        let words = lines.flatMap(\.words)
        let mean = words.isEmpty ? 0 : words.map(\.confidence).reduce(0, +) / Double(words.count)
        return OCRPage(lines: lines, meanConfidence: mean, width: image.width, height: image.height)
    }

    /// Walks the result iterator line by line, words within each line, in Tesseract's reading order.
    func readLines() -> [TextLine] {
        guard let iterator = TessBaseAPIGetIterator(handle) else { return [] }
        defer { TessResultIteratorDelete(iterator) }
        let page = TessResultIteratorGetPageIterator(iterator)
        var lines: [TextLine] = []
        var currentWords: [Word] = []
        var currentBox: RebutCore.Box?

        func flushLine() {
            defer { currentWords = []; currentBox = nil }
            guard !currentWords.isEmpty else { return }
            if settings.joinSplitAmounts { currentWords = SplitAmountJoiner.join(currentWords) }
            let text = currentWords.map(\.text).joined(separator: " ")
            let confidence = currentWords.map(\.confidence).reduce(0, +) / Double(currentWords.count)
            lines.append(TextLine(text: text, confidence: confidence, box: currentBox, words: currentWords))
        }

        repeat {
            if TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE) != 0 {
                flushLine()
                currentBox = boundingBox(page, RIL_TEXTLINE)
            }
            guard let raw = TessResultIteratorGetUTF8Text(iterator, RIL_WORD) else { continue }
            let text = String(cString: raw).trimmingCharacters(in: .whitespacesAndNewlines)
            TessDeleteText(raw)
            guard !text.isEmpty, let box = boundingBox(page, RIL_WORD) else { continue }
            let confidence = Double(TessResultIteratorConfidence(iterator, RIL_WORD))
            currentWords.append(Word(text: text, confidence: confidence, box: box))
        } while TessResultIteratorNext(iterator, RIL_WORD) != 0
        flushLine()
        return lines
    }

    private func boundingBox(_ page: OpaquePointer?, _ level: TessPageIteratorLevel) -> RebutCore.Box? {
        var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
        guard TessPageIteratorBoundingBox(page, level, &left, &top, &right, &bottom) != 0 else { return nil }
        return RebutCore.Box(x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top))
    }
}

/// Lends an array of Swift strings to C as `char **` for the duration of `body`.
func withCStrings<R>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> R) -> R {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    defer { pointers.forEach { free($0) } }
    if pointers.isEmpty { return body(nil) }
    return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress) }
}
