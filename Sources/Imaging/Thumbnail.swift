import CLeptonica
import Foundation
import Ingest
import RebutCore

/// A small grey JPEG of a receipt for a report: large enough to read the total, small enough
/// that a thousand of them make a PDF of megabytes, not the originals' gigabyte.
public struct Thumbnail: Sendable {
    /// Greyscale baseline JPEG bytes.
    public let jpeg: Data
    public let width: Int
    public let height: Int
    /// The same pixels as cairo's RGB24 words (0x00RRGGBB), row after row, for renderers that
    /// need the picture as well as the encoded file.
    public let rgb24: [UInt32]

    /// Decodes `file` (any format Rebut reads; the first page of a PDF), turns it upright, and
    /// scales it down to fit `maxWidth`×`maxHeight` pixels, never up.
    public static func make(from file: IngestedFile, maxWidth: Int, maxHeight: Int,
                            quality: Int = 60) throws(ReceiptInputError) -> Thumbnail {
        // Decoding within a small budget lets libjpeg skip most of a large photo's pixels.
        let budget = max(maxWidth * maxHeight * 4, 1_000_000)
        let decoded: LeptonicaImage
        if file.format == .pdf {
            let document = try PDFDocument(data: file.data)
            guard let page = document.page(0) else { throw .corrupt("the PDF has no pages") }
            decoded = try page.rendered(dpi: 100, pixelBudget: budget)
        } else {
            decoded = try ImageDecoder.decode(file, maxPixels: 60_000_000, pixelBudget: budget)
        }
        let grey = decoded.depth == 8 && pixGetColormap(decoded.pointer) == nil
            ? decoded
            : LeptonicaImage(taking: decoded.depth == 32 ? pixConvertRGBToLuminance(decoded.pointer)
                                                          : pixConvertTo8(decoded.pointer, 0))
        guard let grey else { throw .corrupt("the image cannot be turned grey") }
        let factor = min(1, Double(maxWidth) / Double(grey.width), Double(maxHeight) / Double(grey.height))
        let small: LeptonicaImage
        if factor < 1 {
            guard let scaled = LeptonicaImage(taking: pixScaleAreaMap(grey.pointer, Float(factor), Float(factor))) else {
                throw .corrupt("the image cannot be scaled down")
            }
            small = scaled
        } else {
            small = grey
        }
        var bytes: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard pixWriteMemJpeg(&bytes, &size, small.pointer, Int32(quality), 0) == 0, let bytes else {
            throw .corrupt("the thumbnail cannot be encoded as JPEG")
        }
        defer { free(bytes) }
        return Thumbnail(jpeg: Data(bytes: bytes, count: size), width: small.width, height: small.height,
                         rgb24: Self.rgb24(of: small))
    }

    /// 8-bit grey rows (Leptonica packs four pixels per 32-bit word, most significant first).
    private static func rgb24(of grey: LeptonicaImage) -> [UInt32] {
        let width = grey.width, height = grey.height
        let wordsPerLine = Int(pixGetWpl(grey.pointer))
        guard let data = pixGetData(grey.pointer) else { return [] }
        var out = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            let line = data + y * wordsPerLine
            for x in 0..<width {
                let word = line[x >> 2]
                let value = (word >> UInt32(24 - 8 * (x & 3))) & 0xFF
                out[y * width + x] = value << 16 | value << 8 | value
            }
        }
        return out
    }
}
