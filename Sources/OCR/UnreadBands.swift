import Foundation
import Imaging
import RebutCore

/// Print that Tesseract's layout analysis left out of the page. On a photo its page
/// segmentation sometimes drops whole blocks: the total, tax and payment lines between the
/// items and the footer, or everything below the first seven lines, while the same receipt's
/// scan reads them all. Rows of ink that no line of the reading covers, in the text's own
/// column and of the text's own height, are read again as one block and their lines put back
/// in place. Blank space, rules and dashes are not ink of text height, so a page read whole
/// pays one pass over its rows and no reading.
enum UnreadBands {
    /// Ink rows darker than this grey level (the read image has paper near 220 and print near 0).
    static let inkLevel: Int32 = 128
    /// A row holds print when this share of the text column's width is ink.
    static let inkShare = 0.01
    /// A run of ink rows is a line of print when its height lies between these multiples of the
    /// reading's median line height: dashes and rules are thinner, logos and barcodes taller.
    static let runHeights = 0.45...2.5
    /// Runs closer than this many line heights are one band, read together. At 1.5 a scan-poor
    /// receipt's total line was read run into its neighbour ("7,838 8.80") and lost.
    static let runGap = 1.0
    /// Rows this share of a line's height above and below its box belong to it (ascenders and
    /// descenders Tesseract's box leaves out).
    static let boxReach = 0.25
    /// A recovered line counts when its words read at this mean confidence or better.
    static let minimumConfidence = 60.0
    /// Lines the page must have read for its line height and column to be known.
    static let minimumLines = 3

    /// The bands of unread print, as rectangles of the read image: full width of the text column,
    /// a little paper above and below.
    static func bands(in image: LeptonicaImage, page: OCRPage) -> [PixelRect] {
        let boxes = page.lines.compactMap(\.box).filter { $0.height > 0 && $0.width > 0 }
        guard boxes.count >= minimumLines else { return [] }
        let lineHeight = Double(boxes.map(\.height).sorted()[boxes.count / 2])
        let left = max(0, boxes.map(\.x).min()! - Int(lineHeight))
        let right = min(image.width, boxes.map { $0.x + $0.width }.max()! + Int(lineHeight))
        guard right - left > Int(4 * lineHeight),
              let ink = image.darkPixelsPerRow(below: inkLevel, from: left, to: right) else { return [] }
        var covered = [Bool](repeating: false, count: ink.count)
        for box in boxes {
            let reach = Int((Double(box.height) * boxReach).rounded(.up))
            for y in max(0, box.y - reach)..<min(ink.count, box.y + box.height + reach) { covered[y] = true }
        }
        let minimumInk = max(3, Int(Double(right - left) * inkShare))
        // Runs of uncovered rows holding print, each of a text line's height.
        var runs: [Range<Int>] = []
        var y = 0
        while y < ink.count {
            guard !covered[y], ink[y] >= minimumInk else { y += 1; continue }
            let start = y
            while y < ink.count, !covered[y], ink[y] >= minimumInk { y += 1 }
            let height = Double(y - start) / lineHeight
            if runHeights.contains(height) { runs.append(start..<y) }
        }
        // Neighbouring runs make one band.
        var bands: [Range<Int>] = []
        for run in runs {
            if let last = bands.last, Double(run.lowerBound - last.upperBound) <= runGap * lineHeight {
                bands[bands.count - 1] = last.lowerBound..<run.upperBound
            } else {
                bands.append(run)
            }
        }
        let pad = Int(lineHeight / 2)
        return bands.map { band in
            let top = max(0, band.lowerBound - pad), bottom = min(image.height, band.upperBound + pad)
            return PixelRect(x: Int32(left), y: Int32(top), width: Int32(right - left), height: Int32(bottom - top))
        }
    }

    /// The page with the lines read in its unread bands put back in reading order. `read` reads
    /// one band's image (as one block).
    static func recovered(_ page: OCRPage, in image: LeptonicaImage, read: (LeptonicaImage) throws -> OCRPage) rethrows -> OCRPage {
        var result = page
        for band in bands(in: image, page: page) {
            guard let crop = image.clipped(to: band) else { continue }
            // As cut: a white frame around the band's grey paper made Tesseract's threshold take
            // the paper for ink (the wild sets lost 5 totals).
            let found = try read(crop).lines.filter(isLegible).map { $0.moved(x: Int(band.x), y: Int(band.y)) }
            for line in found { insert(line, into: &result.lines) }
        }
        return result
    }

    /// A line of real words: read with confidence (the engine's line confidence is its words'
    /// mean), with a few letters or digits.
    static func isLegible(_ line: TextLine) -> Bool {
        (line.confidence ?? 0) >= minimumConfidence && line.text.filter { $0.isLetter || $0.isNumber }.count >= 3
    }

    /// Before the first line that starts lower on the page.
    static func insert(_ line: TextLine, into lines: inout [TextLine]) {
        let top = line.box?.y ?? 0
        let index = lines.firstIndex { ($0.box?.y ?? Int.min) > top } ?? lines.endIndex
        lines.insert(line, at: index)
    }
}
