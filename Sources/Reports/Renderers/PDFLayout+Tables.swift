import Foundation

extension PDFLayout {
    static let rowHeight = 15.0

    func table(_ fullTable: ReportTable) {
        let table = ReportDocument.printedColumns(of: fullTable)
        let totalWeight = table.columns.map(\.width).reduce(0, +)
        let padding = 3.0
        var widths = table.columns.map { $0.width / totalWeight * PageGeometry.contentWidth }
        if widths.isEmpty { return }
        widths[widths.count - 1] = PageGeometry.contentWidth - widths.dropLast().reduce(0, +)

        func header() {
            ensure(Self.rowHeight * 3)
            if drawing {
                pdf.fill(x: PageGeometry.left, y: y, width: PageGeometry.contentWidth, height: Self.rowHeight + 2, Palette.headerFill)
                pdf.font(size: 7, bold: true)
                pdf.setColor(Palette.muted)
                var x = PageGeometry.left
                for (column, width) in zip(table.columns, widths) {
                    draw(column.title, kind: column.kind, x: x, width: width, padding: padding, baseline: y + 11)
                    x += width
                }
            }
            y += Self.rowHeight + 2
        }

        func row(_ row: ReportRow, index: Int, bold: Bool) {
            if y + Self.rowHeight > PageGeometry.bottom {
                newPage()
                header()
            }
            if drawing {
                if row.flag != nil {
                    pdf.fill(x: PageGeometry.left, y: y, width: PageGeometry.contentWidth, height: Self.rowHeight, Palette.flagFill)
                    pdf.fill(x: PageGeometry.left, y: y, width: 2.5, height: Self.rowHeight, Palette.flagMark)
                } else if index % 2 == 1 {
                    pdf.fill(x: PageGeometry.left, y: y, width: PageGeometry.contentWidth, height: Self.rowHeight, Palette.stripe)
                }
                pdf.font(size: 7.5, bold: bold)
                var x = PageGeometry.left
                for (offset, (column, width)) in zip(table.columns, widths).enumerated() {
                    let cell = offset < row.cells.count ? row.cells[offset] : .empty
                    if case .bar(let share) = cell {
                        let length = (width - 2 * padding) * min(1, max(0, NSDecimalNumber(decimal: share).doubleValue))
                        pdf.fill(x: x + padding, y: y + 4, width: length, height: Self.rowHeight - 8, Palette.accent)
                    } else {
                        pdf.setColor(Palette.ink)
                        draw(ReportText.display(cell), kind: column.kind, x: x, width: width, padding: padding, baseline: y + 10.5)
                    }
                    x += width
                }
            }
            y += Self.rowHeight
        }

        header()
        for (index, item) in table.rows.enumerated() { row(item, index: index, bold: false) }
        if let totals = table.totals {
            if y + Self.rowHeight + 2 > PageGeometry.bottom { newPage(); header() }
            if drawing { pdf.line(from: (PageGeometry.left, y + 1), to: (PageGeometry.right, y + 1), Palette.ink, width: 0.8) }
            y += 2
            row(totals, index: 0, bold: true)
        }
    }

    private func draw(_ text: String, kind: ReportColumn.Kind, x: Double, width: Double, padding: Double, baseline: Double) {
        let shown = fitted(text, width: width - 2 * padding)
        if [.money, .integer, .percent].contains(kind) {
            pdf.text(shown, x: x + width - padding, y: baseline, align: .right)
        } else {
            pdf.text(shown, x: x + padding, y: baseline)
        }
    }
}
