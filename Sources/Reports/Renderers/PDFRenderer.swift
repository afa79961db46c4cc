import Foundation

/// Renders a `ReportDocument` as an A4 PDF through cairo: a title block, label–value fields,
/// sections of tables (header repeated on each page, amounts right-aligned, flagged rows
/// highlighted), vector charts and thumbnail grids; a running header and "Page N of M" footer.
///
/// Layout runs twice: a first pass only measures, to know the page count the footer prints.
public enum PDFRenderer {
    public static func render(_ document: ReportDocument, to url: URL) throws(ReportRenderError) {
        let pdf = try CairoPDF(path: url.path, width: PageGeometry.width, height: PageGeometry.height, title: document.title)
        let measured = PDFLayout(pdf: pdf, document: document, drawing: false, pageCount: 0)
        measured.run()
        let drawn = PDFLayout(pdf: pdf, document: document, drawing: true, pageCount: measured.page)
        drawn.run()
        try pdf.finish()
    }
}

enum PageGeometry {
    static let width = 595.28, height = 841.89                 // A4 in points
    static let left = 48.0, right = width - 48.0
    static let top = 64.0, bottom = height - 56.0
    static var contentWidth: Double { right - left }
}

enum Palette {
    static let ink = RGB(0x1F2933), muted = RGB(0x6B7280), rule = RGB(0xCBD2D9)
    static let headerFill = RGB(0xE8EDF3), stripe = RGB(0xF6F8FA)
    static let accent = RGB(0x2F5D8A), flagFill = RGB(0xFFF1CC), flagMark = RGB(0xD97706)
    static let series = [RGB(0x2F5D8A), RGB(0x4C9A8A), RGB(0xD9822B), RGB(0x8E6BB8), RGB(0xC2504E),
                         RGB(0x7A8B99), RGB(0x5B8C3A), RGB(0xB8860B)]
}

/// One pass over the document. With `drawing` false nothing is drawn, only pages counted.
final class PDFLayout {
    let pdf: CairoPDF
    let document: ReportDocument
    let drawing: Bool
    let pageCount: Int
    private(set) var page = 0
    var y = PageGeometry.top

    init(pdf: CairoPDF, document: ReportDocument, drawing: Bool, pageCount: Int) {
        self.pdf = pdf
        self.document = document
        self.drawing = drawing
        self.pageCount = pageCount
    }

    func run() {
        startPage()
        titleBlock()
        for section in document.sections {
            if section.startsNewPage { newPage() }
            sectionTitle(section.title)
            for block in section.blocks {
                switch block {
                case .paragraph(let text): paragraph(text)
                case .flags(let flags): self.flags(flags)
                case .table(let table): self.table(table)
                case .chart(let chart): self.chart(chart)
                case .thumbnails(let thumbnails): self.thumbnails(thumbnails)
                }
                y += 10
            }
            y += 8
        }
        if drawing { pdf.showPage() }
    }

    // MARK: pages

    func startPage() {
        page += 1
        y = PageGeometry.top
        guard drawing else { return }
        pdf.font(size: 7.5)
        pdf.setColor(Palette.muted)
        if page > 1 {
            pdf.text(fitted(document.title, width: PageGeometry.contentWidth * 0.6), x: PageGeometry.left, y: 36)
            if let subtitle = document.subtitle { pdf.text(subtitle, x: PageGeometry.right, y: 36, align: .right) }
            pdf.line(from: (PageGeometry.left, 42), to: (PageGeometry.right, 42), Palette.rule)
        }
        pdf.line(from: (PageGeometry.left, PageGeometry.height - 40), to: (PageGeometry.right, PageGeometry.height - 40), Palette.rule)
        pdf.font(size: 7.5)
        pdf.setColor(Palette.muted)
        if let footer = document.footer { pdf.text(footer, x: PageGeometry.left, y: PageGeometry.height - 28) }
        pdf.text("Page \(page) of \(max(pageCount, page))", x: PageGeometry.right, y: PageGeometry.height - 28, align: .right)
    }

    func newPage() {
        if drawing { pdf.showPage() }
        startPage()
    }

    /// Starts a new page unless `height` more points fit on this one.
    func ensure(_ height: Double) {
        if y + height > PageGeometry.bottom { newPage() }
    }

    // MARK: blocks

    func titleBlock() {
        y = 56
        pdf.font(size: 20, bold: true)
        if drawing { pdf.setColor(Palette.ink); pdf.text(document.title, x: PageGeometry.left, y: y + 18) }
        y += 26
        if let subtitle = document.subtitle {
            pdf.font(size: 11)
            if drawing { pdf.setColor(Palette.muted); pdf.text(subtitle, x: PageGeometry.left, y: y + 12) }
            y += 18
        }
        y += 6
        if drawing { pdf.line(from: (PageGeometry.left, y), to: (PageGeometry.right, y), Palette.accent, width: 1.5) }
        y += 14
        // Fields in two columns: label above value.
        let columnWidth = PageGeometry.contentWidth / 2
        for (index, field) in document.fields.enumerated() {
            let x = PageGeometry.left + Double(index % 2) * columnWidth
            if drawing {
                pdf.font(size: 7.5, bold: true)
                pdf.setColor(Palette.muted)
                pdf.text(field.label.uppercased(), x: x, y: y + 8)
                pdf.font(size: 10)
                pdf.setColor(Palette.ink)
                pdf.text(fitted(field.value, width: columnWidth - 12), x: x, y: y + 21)
            }
            if index % 2 == 1 || index == document.fields.count - 1 { y += 30 }
        }
        y += 8
    }

    /// A title never ends a page: it keeps its first lines (a table's header and a few rows) with it.
    func sectionTitle(_ title: String) {
        ensure(140)
        pdf.font(size: 13, bold: true)
        if drawing { pdf.setColor(Palette.accent); pdf.text(title, x: PageGeometry.left, y: y + 12) }
        y += 22
    }

    func paragraph(_ text: String) {
        pdf.font(size: 9)
        for line in wrapped(text, width: PageGeometry.contentWidth) {
            ensure(13)
            if drawing { pdf.setColor(Palette.ink); pdf.text(line, x: PageGeometry.left, y: y + 10) }
            y += 13
        }
    }

    func flags(_ flags: [String]) {
        guard !flags.isEmpty else { return }
        pdf.font(size: 9)
        let lines = flags.flatMap { wrapped($0, width: PageGeometry.contentWidth - 24) }
        let height = Double(lines.count) * 13 + 10
        ensure(min(height, 200))
        if drawing {
            pdf.fill(x: PageGeometry.left, y: y, width: PageGeometry.contentWidth, height: height, Palette.flagFill)
            pdf.fill(x: PageGeometry.left, y: y, width: 3, height: height, Palette.flagMark)
        }
        y += 5
        for line in lines {
            if drawing { pdf.setColor(Palette.ink); pdf.text(line, x: PageGeometry.left + 12, y: y + 10) }
            y += 13
        }
        y += 5
    }

    // MARK: text helpers

    /// `text` cut with an ellipsis to fit `width` in the current font.
    func fitted(_ raw: String, width: Double) -> String {
        let text = ReportText.oneLine(raw)
        guard pdf.textWidth(text) > width else { return text }
        var characters = Array(text)
        while !characters.isEmpty && pdf.textWidth(String(characters) + "…") > width { characters.removeLast() }
        return String(characters) + "…"
    }

    func wrapped(_ text: String, width: Double) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if pdf.textWidth(candidate) <= width || current.isEmpty {
                current = candidate
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines.map { fitted($0, width: width) }
    }
}
