import Foundation
import RebutCore

extension PDFLayout {
    func chart(_ chart: ReportChart) {
        guard !chart.points.isEmpty else { return }
        switch chart.kind {
        case .bars: bars(chart)
        case .columns: columns(chart)
        }
    }

    /// Horizontal bars, one per label, with the amount at the bar's end.
    private func bars(_ chart: ReportChart) {
        let rowHeight = 16.0
        ensure(20 + rowHeight * Double(min(chart.points.count, 6)))
        chartTitle(chart.title)
        let labelWidth = 120.0, valueWidth = 90.0
        let barSpace = PageGeometry.contentWidth - labelWidth - valueWidth
        let largest = chart.points.map(\.value).max() ?? 0
        for (index, point) in chart.points.enumerated() {
            ensure(rowHeight)
            if drawing {
                pdf.font(size: 8)
                pdf.setColor(Palette.ink)
                pdf.text(fitted(point.label, width: labelWidth - 8), x: PageGeometry.left, y: y + 11)
                // Geometry only: the amount printed beside the bar is the exact Decimal.
                let share = largest > 0 ? NSDecimalNumber(decimal: point.value / largest).doubleValue : 0
                let length = max(0.5, barSpace * max(0, share))
                pdf.fill(x: PageGeometry.left + labelWidth, y: y + 3, width: length, height: rowHeight - 6,
                         Palette.series[index % Palette.series.count])
                pdf.setColor(Palette.ink)
                pdf.text(ReportText.money(point.value, currency: chart.currency),
                         x: PageGeometry.left + labelWidth + length + 6, y: y + 11)
            }
            y += rowHeight
        }
    }

    /// Columns over time (one per day), with a value axis of four gridlines.
    private func columns(_ chart: ReportChart) {
        let plotHeight = 120.0, axisWidth = 64.0, labelSpace = 16.0
        ensure(20 + plotHeight + labelSpace)
        chartTitle(chart.title)
        let largest = chart.points.map(\.value).max() ?? 0
        let top = niceCeiling(largest)
        let plotLeft = PageGeometry.left + axisWidth, plotWidth = PageGeometry.contentWidth - axisWidth
        let baseline = y + plotHeight
        if drawing {
            pdf.font(size: 7)
            for step in 0...4 {
                let value = top * Decimal(step) / 4
                let lineY = baseline - plotHeight * Double(step) / 4
                pdf.line(from: (plotLeft, lineY), to: (PageGeometry.right, lineY), step == 0 ? Palette.muted : Palette.rule,
                         width: step == 0 ? 0.8 : 0.4)
                pdf.setColor(Palette.muted)
                pdf.text(ReportText.money(value, currency: chart.currency), x: plotLeft - 6, y: lineY + 2.5, align: .right)
            }
            let slot = plotWidth / Double(chart.points.count)
            let labelEvery = max(1, Int((Double(chart.points.count) * 34 / plotWidth).rounded(.up)))
            for (index, point) in chart.points.enumerated() {
                let share = top > 0 ? NSDecimalNumber(decimal: point.value / top).doubleValue : 0
                let height = plotHeight * max(0, share)
                let x = plotLeft + slot * Double(index)
                pdf.fill(x: x + slot * 0.15, y: baseline - height, width: slot * 0.7, height: height, Palette.accent)
                if index % labelEvery == 0 {
                    pdf.setColor(Palette.muted)
                    pdf.text(point.label, x: x + slot / 2, y: baseline + 10, align: .centre)
                }
            }
        }
        y += plotHeight + labelSpace
    }

    private func chartTitle(_ title: String) {
        pdf.font(size: 9, bold: true)
        if drawing { pdf.setColor(Palette.ink); pdf.text(title, x: PageGeometry.left, y: y + 10) }
        y += 18
    }

    /// 1, 2 or 5 times a power of ten at or above `value`: round numbers on the axis.
    private func niceCeiling(_ value: Decimal) -> Decimal {
        guard value > 0 else { return 1 }
        var magnitude: Decimal = 1
        while magnitude * 10 <= value { magnitude *= 10 }
        while magnitude > value { magnitude /= 10 }
        for factor in [1, 2, 5, 10] as [Decimal] where magnitude * factor >= value { return magnitude * factor }
        return magnitude * 10
    }

    /// A grid of receipt images, three across, each with its caption under it.
    func thumbnails(_ thumbnails: [ReportThumbnail]) {
        let columns = 3, gap = 14.0
        let cellWidth = (PageGeometry.contentWidth - gap * Double(columns - 1)) / Double(columns)
        let imageHeight = 300.0, captionHeight = 34.0
        for (index, thumbnail) in thumbnails.enumerated() {
            let column = index % columns
            if column == 0 {
                if index > 0 { y += imageHeight + captionHeight + gap }
                ensure(imageHeight + captionHeight)
            }
            let x = PageGeometry.left + Double(column) * (cellWidth + gap)
            guard drawing else { continue }
            let drawn = pdf.image(jpeg: thumbnail.jpeg, width: thumbnail.width, height: thumbnail.height,
                                  x: x, y: y, boxWidth: cellWidth, boxHeight: imageHeight)
            let frameX = x + (cellWidth - drawn.width) / 2
            pdf.strokeRect(x: frameX, y: y, width: drawn.width, height: drawn.height,
                           thumbnail.flag == nil ? Palette.rule : Palette.flagMark, lineWidth: thumbnail.flag == nil ? 0.5 : 1.5)
            pdf.font(size: 7.5, bold: true)
            pdf.setColor(Palette.ink)
            pdf.text(fitted(thumbnail.caption, width: cellWidth), x: x, y: y + drawn.height + 11)
            var lineY = y + drawn.height + 21
            if let detail = thumbnail.detail {
                pdf.font(size: 7.5)
                pdf.setColor(Palette.muted)
                pdf.text(fitted(detail, width: cellWidth), x: x, y: lineY)
                lineY += 10
            }
            if let flag = thumbnail.flag {
                pdf.font(size: 7.5, bold: true)
                pdf.setColor(Palette.flagMark)
                pdf.text(fitted(flag, width: cellWidth), x: x, y: lineY)
            }
        }
        if !thumbnails.isEmpty { y += imageHeight + captionHeight }
    }
}
