import CLeptonica
import CPoppler
import Foundation
import RebutCore

/// One PDF opened with poppler-glib; owns the document and frees it in deinit.
///
/// poppler-glib is not documented as safe to use from several threads at once (it sets up
/// process-wide state on first use), so every call into it holds one process-wide lock. PDF
/// pages are read in well under a second each, so two workers rarely wait on each other.
public final class PDFDocument: @unchecked Sendable {
    static let popplerLock = NSLock()
    private let document: OpaquePointer

    /// Opens `data`. A password-protected PDF fails as `.passwordProtected`; anything poppler
    /// cannot make sense of as `.corrupt`, with poppler's reason.
    public init(data: Data) throws(ReceiptInputError) {
        guard !data.isEmpty else { throw .empty }
        Self.popplerLock.lock()
        defer { Self.popplerLock.unlock() }
        // GBytes copies the data: the document keeps its own reference for as long as it lives.
        let bytes = data.withUnsafeBytes { raw in g_bytes_new(raw.baseAddress, gsize(raw.count)) }
        defer { g_bytes_unref(bytes) }
        var error: UnsafeMutablePointer<GError>?
        guard let opened = poppler_document_new_from_bytes(bytes, nil, &error) else {
            defer { if error != nil { g_error_free(error) } }
            if let error, error.pointee.domain == poppler_error_quark(),
               error.pointee.code == Int32(POPPLER_ERROR_ENCRYPTED.rawValue) {
                throw .passwordProtected
            }
            let reason = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown error"
            throw .corrupt("the PDF is damaged or not a PDF (poppler: \(reason))")
        }
        document = opened
    }

    deinit {
        Self.popplerLock.lock()
        g_object_unref(UnsafeMutableRawPointer(document))
        Self.popplerLock.unlock()
    }

    public var pageCount: Int {
        Self.popplerLock.lock()
        defer { Self.popplerLock.unlock() }
        return Int(poppler_document_get_n_pages(document))
    }

    /// The page at `index` (0-based), or nil when poppler cannot load it.
    public func page(_ index: Int) -> PDFPage? {
        Self.popplerLock.lock()
        defer { Self.popplerLock.unlock() }
        guard let page = poppler_document_get_page(document, Int32(index)) else { return nil }
        return PDFPage(owning: page, document: self)
    }
}

/// One page of a `PDFDocument` (which it keeps alive); frees the poppler page in deinit.
public final class PDFPage: @unchecked Sendable {
    private let page: OpaquePointer
    private let document: PDFDocument

    fileprivate init(owning page: OpaquePointer, document: PDFDocument) {
        self.page = page
        self.document = document
    }

    deinit {
        PDFDocument.popplerLock.lock()
        g_object_unref(UnsafeMutableRawPointer(page))
        PDFDocument.popplerLock.unlock()
    }

    /// Width and height in points (1/72 inch), rotation applied.
    public var sizeInPoints: (width: Double, height: Double) {
        PDFDocument.popplerLock.lock()
        defer { PDFDocument.popplerLock.unlock() }
        var width = 0.0, height = 0.0
        poppler_page_get_size(page, &width, &height)
        return (width, height)
    }

    /// The characters of the text layer in poppler's reading order, each with its box in
    /// points from the top-left corner; line breaks poppler puts between its lines are kept as
    /// "\n" characters. Empty for a page without text (a scan).
    public func textLayer() -> [PDFCharacter] {
        PDFDocument.popplerLock.lock()
        defer { PDFDocument.popplerLock.unlock() }
        guard let raw = poppler_page_get_text(page) else { return [] }
        defer { g_free(raw) }
        let scalars = Array(String(cString: raw).unicodeScalars)
        var rectangles: UnsafeMutablePointer<PopplerRectangle>?
        var count: guint = 0
        let hasLayout = poppler_page_get_text_layout(page, &rectangles, &count) != 0
        defer { g_free(rectangles) }
        // One rectangle per character of the text; without them the text still counts, boxless.
        guard hasLayout, let rectangles, Int(count) == scalars.count else {
            return scalars.map { PDFCharacter(scalar: $0, box: nil) }
        }
        return scalars.indices.map { index in
            let r = rectangles[index]
            return PDFCharacter(scalar: scalars[index],
                                box: PDFRect(left: min(r.x1, r.x2), top: min(r.y1, r.y2),
                                             right: max(r.x1, r.x2), bottom: max(r.y1, r.y2)))
        }
    }

    /// The page rendered on white at `dpi`, lowered as needed so it has at most `pixelBudget`
    /// pixels (a poster-sized page must not become a gigapixel image). The result records the
    /// resolution it was rendered at, so Tesseract knows the text size.
    public func rendered(dpi: Double, pixelBudget: Int) throws(ReceiptInputError) -> LeptonicaImage {
        let (widthPoints, heightPoints) = sizeInPoints
        guard widthPoints > 0, heightPoints > 0, widthPoints.isFinite, heightPoints.isFinite else {
            throw .corrupt("a PDF page has no size")
        }
        var scale = dpi / 72
        if let shrink = PixelBudget.downscaleFactor(width: Int((widthPoints * scale).rounded(.up)),
                                                    height: Int((heightPoints * scale).rounded(.up)),
                                                    budget: pixelBudget) {
            scale *= shrink
        }
        let width = max(1, Int((widthPoints * scale).rounded())), height = max(1, Int((heightPoints * scale).rounded()))
        guard width <= 30_000, height <= 30_000 else {
            throw .corrupt("a PDF page of \(Int(widthPoints))×\(Int(heightPoints)) points is too long to render")
        }

        PDFDocument.popplerLock.lock()
        defer { PDFDocument.popplerLock.unlock() }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)) else {
            throw .corrupt("cannot render a \(width)×\(height) PDF page")
        }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cairo = cairo_create(surface) else {
            throw .corrupt("cannot render a \(width)×\(height) PDF page")
        }
        cairo_set_source_rgb(cairo, 1, 1, 1)
        cairo_paint(cairo)
        cairo_scale(cairo, scale, scale)
        poppler_page_render(page, cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        guard let pixels = cairo_image_surface_get_data(surface) else {
            throw .corrupt("cannot render a \(width)×\(height) PDF page")
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let image = LeptonicaImage(taking: pixCreate(Int32(width), Int32(height), 32)),
              let words = pixGetData(image.pointer) else {
            throw .corrupt("cannot hold a \(width)×\(height) PDF page in memory")
        }
        // Cairo's RGB24 pixel is the native word 0x00RRGGBB, Leptonica's is 0xRRGGBBAA: on a
        // little-endian machine that is the same bytes one position later, so each row is
        // copied whole, shifted by one byte (the lost padding byte lands in the next pixel's
        // unused alpha).
        #if _endian(little)
        let rowBytes = width * 4
        let wordsPerLine = Int(pixGetWpl(image.pointer))
        for row in 0..<height {
            let target = UnsafeMutableRawPointer(words + row * wordsPerLine) + 1
            memcpy(target, pixels + row * stride, rowBytes - 1)
        }
        #else
        #error("PDF rendering assumes a little-endian machine")
        #endif
        let renderedDPI = Int32((scale * 72).rounded())
        pixSetResolution(image.pointer, renderedDPI, renderedDPI)
        return image
    }
}

/// A rectangle in PDF points, measured from the page's top-left corner.
public struct PDFRect: Sendable, Hashable {
    public var left: Double, top: Double, right: Double, bottom: Double

    public init(left: Double, top: Double, right: Double, bottom: Double) {
        self.left = left
        self.top = top
        self.right = right
        self.bottom = bottom
    }

    public var height: Double { bottom - top }
    public var centreY: Double { (top + bottom) / 2 }
}

/// One character of a page's text layer.
public struct PDFCharacter: Sendable, Hashable {
    public var scalar: Unicode.Scalar
    public var box: PDFRect?

    public init(scalar: Unicode.Scalar, box: PDFRect?) {
        self.scalar = scalar
        self.box = box
    }
}
