import Foundation
import Imaging
import Ingest
import RebutCore

/// The pages of a document, one at a time: a PDF's (its text layer where usable, otherwise
/// rendered), or a multi-page TIFF's, decoded as any image is.
struct DocumentPages {
    private enum Source {
        case pdf(PDFDocument)
        case tiff(IngestedFile, pages: Int)
    }

    /// What one page gives: lines printed in its text layer, or pixels to clean and read.
    enum Content {
        case printed(OCRPage, PDFPage)
        case pixels(LeptonicaImage)
    }

    /// Rendering resolution: what flatbed scanners give and Tesseract reads best at.
    static let renderDPI = 300.0

    private let source: Source
    private let decodePixelBudget: Int, maxPixels: Int

    init(_ file: IngestedFile, decodePixelBudget: Int, maxPixels: Int) throws {
        (self.decodePixelBudget, self.maxPixels) = (decodePixelBudget, maxPixels)
        if file.format == .tiff {
            guard let pages = TIFFStructure.pageCount(file.data) else {
                throw ReceiptInputError.corrupt("the TIFF is truncated or damaged: its chain of pages runs past the end of the file")
            }
            source = .tiff(file, pages: pages)
        } else {
            source = .pdf(try PDFDocument(data: file.data))
        }
    }

    /// A file read as a document rather than one image: a PDF, or a TIFF of more than one page.
    static func isDocument(_ file: IngestedFile) -> Bool {
        file.format.isDocument || (file.format == .tiff && (TIFFStructure.pageCount(file.data) ?? 1) > 1)
    }

    var count: Int {
        switch source {
        case .pdf(let document): return document.pageCount
        case .tiff(_, let pages): return pages
        }
    }

    func page(_ index: Int) throws -> Content {
        switch source {
        case .pdf(let document):
            guard let page = document.page(index) else { throw ReceiptInputError.corrupt("page \(index + 1) of the PDF cannot be read") }
            let pixelsPerPoint = Self.renderDPI / 72
            let lines = PDFTextLines.lines(from: page.textLayer(), pixelsPerPoint: pixelsPerPoint)
            if PDFTextLayerQuality.isUsable(lines) {
                let size = page.sizeInPoints
                return .printed(OCRPage(lines: lines, meanConfidence: 100, width: Int((size.width * pixelsPerPoint).rounded()),
                                        height: Int((size.height * pixelsPerPoint).rounded())), page)
            }
            return .pixels(try page.rendered(dpi: Self.renderDPI, pixelBudget: decodePixelBudget))
        case .tiff(let file, _):
            return .pixels(try ImageDecoder.decode(file, page: index, maxPixels: maxPixels, pixelBudget: decodePixelBudget, grey: true))
        }
    }
}
