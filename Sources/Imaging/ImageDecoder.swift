import CLeptonica
import Foundation
import Ingest
import RebutCore

/// Turns ingested bytes into upright pixels within a pixel budget, refusing images too big to
/// process before paying for a full decode.
public enum ImageDecoder {
    /// Decodes `file`, refusing more than `maxPixels` from the header, and brings the result
    /// within `pixelBudget`: large JPEGs are decoded reduced by libjpeg (1/2, 1/4, 1/8, so a
    /// 35 MP scan never exists in memory at full size), other formats are scaled down after
    /// decoding. PDFs are documents, read page by page by `PDFDocument`.
    ///
    /// `grey`: only the brightness is wanted (the OCR and thumbnails read grey). The image is
    /// made grey before the EXIF turn, which then moves a quarter of the bytes and keeps no
    /// colour copy; the grey is the cleaner's (Leptonica's luminance), so the pixels read are
    /// the same. Decoding JPEG and HEIC luma alone would save more, but their luma weighs blue
    /// less than Leptonica's: the 12 MP photos lost 7 receipts all three (98 → 91), the first
    /// wild set 4, tune 1.
    ///
    /// `page`: which page of a multi-page TIFF (0, the first, for any other image).
    public static func decode(_ file: IngestedFile, page: Int = 0, maxPixels: Int, pixelBudget: Int = PixelBudget.decodeDefault,
                              grey: Bool = false) throws(ReceiptInputError) -> LeptonicaImage {
        Leptonica.silenceMessages()
        // libpng prints its own "libpng error: …" before failing: check the chunks first.
        if file.format == .png, let problem = PNGStructure.problem(file.data) { throw .corrupt(problem) }
        var image: LeptonicaImage
        switch file.format {
        case .pdf:
            throw .unsupportedFormat("PDF as a single image (its pages are read by the OCR workers)")
        case .heic, .avif:
            image = try HEIFDecoder.decode(file.data, format: file.format, maxPixels: maxPixels, pixelBudget: pixelBudget)
        case .jpeg, .png, .tiff, .webp:
            image = try decodeWithLeptonica(file, page: file.format == .tiff ? page : 0, maxPixels: maxPixels, pixelBudget: pixelBudget)
        }
        image = try image.fitted(within: pixelBudget)
        if grey {
            do { image = try image.grey() } catch { throw .corrupt("the image cannot be turned grey") }
        }
        guard let upright = image.applyingOrientation(file.orientation) else {
            throw .corrupt("cannot apply EXIF orientation \(file.orientation)")
        }
        return upright
    }

    private static func decodeWithLeptonica(_ file: IngestedFile, page: Int, maxPixels: Int,
                                            pixelBudget: Int) throws(ReceiptInputError) -> LeptonicaImage {
        // Data.withUnsafeBytes only rethrows untyped errors, so the typed error travels in a Result.
        // Codec libraries complain about damaged files on stderr; the thrown error says it instead.
        try DecoderMessages.silenced { file.data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Result<LeptonicaImage, ReceiptInputError> in
            Result { () throws(ReceiptInputError) -> LeptonicaImage in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress, raw.count > 0 else { throw .empty }
            var format: Int32 = 0, width: Int32 = 0, height: Int32 = 0
            var bitsPerSample: Int32 = 0, samplesPerPixel: Int32 = 0, colormapped: Int32 = 0
            var resolution: Int32 = 0
            let header = page > 0
                ? readHeaderMemTiff(base, raw.count, Int32(page), &width, &height, &bitsPerSample, &samplesPerPixel,
                                    &resolution, &colormapped, &format)
                : pixReadHeaderMem(base, raw.count, &format, &width, &height, &bitsPerSample, &samplesPerPixel, &colormapped)
            guard header == 0, width > 0, height > 0 else {
                throw .corrupt("the \(file.format.rawValue.uppercased()) header cannot be read")
            }
            // Damaged headers often claim absurd sizes; no real receipt is 100 000 px on a side.
            guard width <= 100_000, height <= 100_000 else {
                throw .corrupt("the header claims an impossible size of \(width)×\(height) pixels")
            }
            let pixels = Int(width) * Int(height)
            guard pixels <= maxPixels else {
                throw .tooLarge(width: Int(width), height: Int(height), limit: maxPixels)
            }
            // Leptonica 1.82's JPEG reader fails on truncated or damaged data rather than
            // padding it with grey: a receipt with its bottom (the total) missing is reported.
            var reduction: Int32 = 1
            let decoded: UnsafeMutablePointer<PIX>?
            if file.format == .jpeg {
                reduction = Int32(PixelBudget.jpegReduction(width: Int(width), height: Int(height), budget: pixelBudget))
                var warnings: Int32 = 0
                decoded = pixReadMemJpeg(base, raw.count, 0, reduction, &warnings, 0)
            } else if page > 0 {
                decoded = pixReadMemTiff(base, raw.count, Int32(page))
            } else {
                decoded = pixReadMem(base, raw.count)
            }
            guard let image = LeptonicaImage(taking: decoded) else {
                throw .corrupt(page > 0 ? "page \(page + 1) of the TIFF is damaged or truncated"
                                        : "the \(file.format.rawValue.uppercased()) data is damaged or truncated")
            }
            // Leptonica keeps the file's resolution on a reduced decode: a 600 dpi scan read at
            // half size would claim 600 dpi, and Tesseract would take its text for half its size.
            if reduction > 1, image.resolution > 0 {
                pixSetResolution(image.pointer, Int32(image.resolution) / reduction, Int32(pixGetYRes(image.pointer)) / reduction)
            }
            return image
            }
        } }.get()
    }
}

extension LeptonicaImage {
    /// This image scaled down to at most `budget` pixels (itself when it fits). Bilevel scans
    /// become grey, so thin strokes are averaged rather than dropped by sampling.
    func fitted(within budget: Int) throws(ReceiptInputError) -> LeptonicaImage {
        guard let factor = PixelBudget.downscaleFactor(width: width, height: height, budget: budget) else { return self }
        let f = Float(factor)
        let scaled = depth == 1 ? pixScaleToGray(pointer, f) : pixScale(pointer, f, f)
        guard let result = LeptonicaImage(taking: scaled) else {
            throw .corrupt("the \(width)×\(height) image could not be scaled down to \(budget) pixels")
        }
        // The resolution tag follows the pixels, so Tesseract still knows the text size.
        if resolution > 0 {
            let dpi = Int32((Double(resolution) * factor).rounded())
            pixSetResolution(result.pointer, dpi, dpi)
        }
        return result
    }

    /// Applies an EXIF orientation (1...8) so the text reads left to right, top to bottom.
    public func applyingOrientation(_ orientation: Int) -> LeptonicaImage? {
        let clockwise: Int32 = 1, anticlockwise: Int32 = -1
        switch orientation {
        case 2: return LeptonicaImage(taking: pixFlipLR(nil, pointer))
        case 3: return LeptonicaImage(taking: pixRotate180(nil, pointer))
        case 4: return LeptonicaImage(taking: pixFlipTB(nil, pointer))
        case 5:  // transpose
            guard let turned = LeptonicaImage(taking: rebut_rotate90(pointer, clockwise)) else { return nil }
            return LeptonicaImage(taking: pixFlipLR(nil, turned.pointer))
        case 6: return LeptonicaImage(taking: rebut_rotate90(pointer, clockwise))
        case 7:  // transverse
            guard let turned = LeptonicaImage(taking: rebut_rotate90(pointer, anticlockwise)) else { return nil }
            return LeptonicaImage(taking: pixFlipLR(nil, turned.pointer))
        case 8: return LeptonicaImage(taking: rebut_rotate90(pointer, anticlockwise))
        default: return self
        }
    }
}

/// Process-wide Leptonica settings.
public enum Leptonica {
    private static let silenced: Void = {
        // Leptonica reports bad input on stderr; Rebut turns it into typed errors instead.
        _ = setMsgSeverity(Int32(L_SEVERITY_NONE))
        // A few messages skip the severity check (a damaged TIFF's "Bad file: amount too big"
        // from the in-memory reader): they go nowhere too.
        leptSetStderrHandler { _ in }
    }()

    public static func silenceMessages() { _ = silenced }
}
