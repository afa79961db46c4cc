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

    /// Decodes `file` (any format Rebut reads; the first page of a PDF), turns it upright, cuts
    /// a photographed slip out of its background, and scales it down to fit
    /// `maxWidth`×`maxHeight` pixels, never up.
    public static func make(from file: IngestedFile, maxWidth: Int, maxHeight: Int,
                            quality: Int = 60) throws(ReceiptInputError) -> Thumbnail {
        // Decoding within a small budget lets libjpeg skip most of a large photo's pixels.
        let budget = max(maxWidth * maxHeight * 4, 1_000_000)
        let decodedGrey: LeptonicaImage
        if file.format == .pdf {
            let document = try PDFDocument(data: file.data)
            guard let page = document.page(0) else { throw .corrupt("the PDF has no pages") }
            let rendered = try page.rendered(dpi: 100, pixelBudget: budget)
            guard let grey = try? rendered.grey() else { throw .corrupt("the image cannot be turned grey") }
            decodedGrey = grey
        } else {
            decodedGrey = try ImageDecoder.decode(file, maxPixels: 60_000_000, pixelBudget: budget, grey: true)
        }
        // A photo shows the slip on a table: keep the paper, as the OCR does, so the slip fills the frame.
        let paper = ((try? ReceiptLocator.crop(decodedGrey)) ?? nil) ?? decodedGrey
        let factor = min(1, Double(maxWidth) / Double(paper.width), Double(maxHeight) / Double(paper.height))
        let small: LeptonicaImage
        if factor < 1 {
            guard let scaled = LeptonicaImage(taking: pixScaleAreaMap(paper.pointer, Float(factor), Float(factor))) else {
                throw .corrupt("the image cannot be scaled down")
            }
            small = scaled
        } else {
            small = paper
        }
        var bytes: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard pixWriteMemJpeg(&bytes, &size, small.pointer, Int32(quality), 0) == 0, let bytes else {
            throw .corrupt("the thumbnail cannot be encoded as JPEG")
        }
        defer { free(bytes) }
        return Thumbnail(jpeg: Data(bytes: bytes, count: size), width: small.width, height: small.height)
    }
}
