import CCairo
import Foundation

/// Why a PDF could not be written.
public enum ReportRenderError: Error, Sendable, CustomStringConvertible {
    case cairo(path: String, reason: String)

    public var description: String {
        switch self {
        case .cairo(let path, let reason): return "cannot write the PDF \(path): \(reason)"
        }
    }
}

/// A cairo PDF surface and its drawing context, owned together and destroyed together.
/// Every cairo call of the renderer goes through this type.
final class CairoPDF {
    let context: OpaquePointer
    private let surface: OpaquePointer
    private let path: String
    private var finished = false

    init(path: String, width: Double, height: Double, title: String) throws(ReportRenderError) {
        guard let surface = cairo_pdf_surface_create(path, width, height) else {
            throw .cairo(path: path, reason: "cairo could not create the surface")
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            let reason = String(cString: cairo_status_to_string(status))
            cairo_surface_destroy(surface)
            throw .cairo(path: path, reason: reason)
        }
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "Rebut")
        self.surface = surface
        self.context = cairo_create(surface)
        self.path = path
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    func showPage() { cairo_show_page(context) }

    /// Flushes the file; errors cairo met while drawing (disk full) surface here.
    func finish() throws(ReportRenderError) {
        finished = true
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .cairo(path: path, reason: String(cString: cairo_status_to_string(status)))
        }
    }

    // MARK: drawing

    func setColor(_ color: RGB) { cairo_set_source_rgb(context, color.r, color.g, color.b) }

    func font(size: Double, bold: Bool = false) {
        cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                               bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, size)
    }

    func textWidth(_ text: String) -> Double {
        var extents = cairo_text_extents_t()
        cairo_text_extents(context, text, &extents)
        return extents.x_advance
    }

    /// Draws `text` with its baseline at `y`; `x` is its left, right or centre edge.
    func text(_ text: String, x: Double, y: Double, align: Alignment = .left) {
        let width = align == .left ? 0 : textWidth(text)
        let left = align == .left ? x : align == .right ? x - width : x - width / 2
        cairo_move_to(context, left, y)
        cairo_show_text(context, text)
    }

    func fill(x: Double, y: Double, width: Double, height: Double, _ color: RGB) {
        setColor(color)
        cairo_rectangle(context, x, y, width, height)
        cairo_fill(context)
    }

    func line(from: (Double, Double), to: (Double, Double), _ color: RGB, width: Double = 0.5) {
        setColor(color)
        cairo_set_line_width(context, width)
        cairo_move_to(context, from.0, from.1)
        cairo_line_to(context, to.0, to.1)
        cairo_stroke(context)
    }

    func strokeRect(x: Double, y: Double, width: Double, height: Double, _ color: RGB, lineWidth: Double = 0.5) {
        setColor(color)
        cairo_set_line_width(context, lineWidth)
        cairo_rectangle(context, x, y, width, height)
        cairo_stroke(context)
    }

    /// Places a picture in the box (aspect kept). The PDF embeds `jpeg` as it is (cairo's JPEG
    /// MIME data), so the file grows by the thumbnail's bytes and not by its raw pixels; the
    /// surface's own pixels are never written to the PDF and stay unset, so a thousand thumbnails
    /// do not sit decoded in memory.
    func image(jpeg: Data, width: Int, height: Int, x: Double, y: Double,
               boxWidth: Double, boxHeight: Double) -> (width: Double, height: Double) {
        guard width > 0, height > 0, !jpeg.isEmpty,
              let image = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))
        else { return (0, 0) }
        defer { cairo_surface_destroy(image) }
        let copy = malloc(jpeg.count)!
        jpeg.withUnsafeBytes { copy.copyMemory(from: $0.baseAddress!, byteCount: jpeg.count) }
        cairo_surface_set_mime_data(image, CAIRO_MIME_TYPE_JPEG, copy.assumingMemoryBound(to: UInt8.self),
                                    UInt(jpeg.count), { free($0) }, copy)
        let scale = min(boxWidth / Double(width), boxHeight / Double(height))
        let drawnWidth = Double(width) * scale, drawnHeight = Double(height) * scale
        cairo_save(context)
        cairo_translate(context, x + (boxWidth - drawnWidth) / 2, y)
        cairo_scale(context, scale, scale)
        cairo_set_source_surface(context, image, 0, 0)
        cairo_paint(context)
        cairo_restore(context)
        return (drawnWidth, drawnHeight)
    }

    enum Alignment { case left, right, centre }
}

struct RGB {
    var r: Double, g: Double, b: Double
    init(_ hex: UInt32) {
        r = Double(hex >> 16 & 0xFF) / 255
        g = Double(hex >> 8 & 0xFF) / 255
        b = Double(hex & 0xFF) / 255
    }
}
