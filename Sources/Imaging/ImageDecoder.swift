import CLeptonica
import Foundation
import Ingest
import RebutCore

/// Turns ingested bytes into upright pixels, refusing images too big to process before
/// paying for a full decode.
public enum ImageDecoder {
    public static func decode(_ file: IngestedFile, maxPixels: Int) throws(ReceiptInputError) -> LeptonicaImage {
        Leptonica.silenceMessages()
        // Data.withUnsafeBytes only rethrows untyped errors, so the typed error travels in a Result.
        // Codec libraries complain about damaged files on stderr; the thrown error says it instead.
        let image = try DecoderMessages.silenced { file.data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Result<LeptonicaImage, ReceiptInputError> in
            Result { () throws(ReceiptInputError) -> LeptonicaImage in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress, raw.count > 0 else { throw .empty }
            var format: Int32 = 0, width: Int32 = 0, height: Int32 = 0
            var bitsPerSample: Int32 = 0, samplesPerPixel: Int32 = 0, colormapped: Int32 = 0
            let header = pixReadHeaderMem(base, raw.count, &format, &width, &height,
                                          &bitsPerSample, &samplesPerPixel, &colormapped)
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
            let decoded = pixReadMem(base, raw.count)
            guard let image = LeptonicaImage(taking: decoded) else {
                throw .corrupt("the \(file.format.rawValue.uppercased()) data is damaged or truncated")
            }
            return image
            }
        } }.get()
        guard let upright = image.applyingOrientation(file.orientation) else {
            throw .corrupt("cannot apply EXIF orientation \(file.orientation)")
        }
        return upright
    }
}

extension LeptonicaImage {
    /// Applies an EXIF orientation (1...8) so the text reads left to right, top to bottom.
    public func applyingOrientation(_ orientation: Int) -> LeptonicaImage? {
        let clockwise: Int32 = 1, anticlockwise: Int32 = -1
        switch orientation {
        case 2: return LeptonicaImage(taking: pixFlipLR(nil, pointer))
        case 3: return LeptonicaImage(taking: pixRotate180(nil, pointer))
        case 4: return LeptonicaImage(taking: pixFlipTB(nil, pointer))
        case 5:  // transpose
            guard let turned = LeptonicaImage(taking: pixRotate90(pointer, clockwise)) else { return nil }
            return LeptonicaImage(taking: pixFlipLR(nil, turned.pointer))
        case 6: return LeptonicaImage(taking: pixRotate90(pointer, clockwise))
        case 7:  // transverse
            guard let turned = LeptonicaImage(taking: pixRotate90(pointer, anticlockwise)) else { return nil }
            return LeptonicaImage(taking: pixFlipLR(nil, turned.pointer))
        case 8: return LeptonicaImage(taking: pixRotate90(pointer, anticlockwise))
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
