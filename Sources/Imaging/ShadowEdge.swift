import CLeptonica
import Foundation

/// A cast shadow's edge across the slip: the phone's or a hand's shadow under one lamp darkens
/// part of the paper by a third to a half, and its edge is a straight line. The background
/// map's 60 px tiles, smoothed over their neighbours, cannot follow such a step: a grey band is
/// left along it and Tesseract breaks every line there ("RESTORAN WAN" / "SHENG").
///
/// Told from what else darkens part of a crop by where the step lies and what is beside it:
/// - a shadow's edge is one straight line across most rows (or columns) of tiles, the paper
///   2 tiles apart differing by a fifth or more, and the same side darker all along;
/// - print lies on both sides of it. A slip's end against the table, a desk or fingers kept
///   beside the paper have print on one side only;
/// - it is a step, not a slope: a lamp's light falling off, however steeply, changes the paper
///   as much beside the line as across it.
/// Measured in the background map's own 60 px tiles: on the located slip after sizing (text ~28 px
/// high), and by the locator on the print's block of a photo as taken (text ~15–40 px).
struct ShadowEdge {
    static let tile = 60
    /// Paper 2 tiles apart darker than this share of its neighbour is a step (a blurred edge
    /// spans a tile). Cast shadows measured 0.48–0.69; a lamp's fall-off stays above 0.8.
    static let stepRatio = 0.8
    /// The rows (or columns) of tiles the edge's line must cross, and those of them with print
    /// within 4 tiles on each side. Shadowed photos: 0.62–1.0 and 0.31–0.81; the slip's end,
    /// desks and fingers beside it: up to 0.84 crossed but below 0.2 printed on one side.
    static let minimumCrossedShare = 0.6, minimumPrintedShare = 0.3
    /// A shadow's edge is a step: the paper changes across it this many times more than it does
    /// 2 tiles either side. Shadowed photos measured 10–38 (median over the edge's rows); a lamp's
    /// steep fall-off in an evening photo, 1.2.
    static let minimumSharpness = 3.0
    /// A tile holds print when its darkest 2% are below this share of its paper.
    static let printBelowPaper = 0.6
    /// Paper tiles this bright are the table painted white around the slip, not paper.
    static let paintedWhite = 250.0

    /// The paper level of each tile (nil where fewer than `BackgroundMap.paperPixels` pixels are
    /// paper) and its darkest 2%, row by row.
    let paper: [[Double?]], print: [[Double]]

    init?(_ page: LeptonicaImage) {
        guard page.depth == 8 else { return nil }
        let columns = (page.width + Self.tile - 1) / Self.tile, rows = (page.height + Self.tile - 1) / Self.tile
        guard columns >= 5, rows >= 5 else { return nil }
        var paper: [[Double?]] = [], print: [[Double]] = []
        for row in 0..<rows {
            var paperRow: [Double?] = [], printRow: [Double] = []
            for column in 0..<columns {
                let (x, y) = (column * Self.tile, row * Self.tile)
                let box = PixelRect(x: Int32(x), y: Int32(y), width: Int32(min(Self.tile, page.width - x)),
                                    height: Int32(min(Self.tile, page.height - y)))
                guard let levels = page.greyHistogram(in: box) else { return nil }
                let total = levels.reduce(0, +)
                var paperPixels = 0.0, paperSum = 0.0
                for level in Int(BackgroundMap.inkBelow)..<levels.count {
                    paperPixels += levels[level]
                    paperSum += levels[level] * Double(level)
                }
                paperRow.append(paperPixels >= Double(BackgroundMap.paperPixels) ? paperSum / paperPixels : nil)
                var seen = 0.0, darkest = 255.0
                for level in levels.indices {
                    seen += levels[level]
                    if seen >= 0.02 * total { darkest = Double(level); break }
                }
                printRow.append(darkest)
            }
            paper.append(paperRow)
            print.append(printRow)
        }
        self.paper = paper
        self.print = print
    }

    /// Whether a shadow's edge crosses the page, along its rows of tiles or down its columns.
    /// `crossedShare`: the share of the rows (or columns) the line must cross
    /// (`minimumCrossedShare` unless the caller knows better).
    static func crosses(_ page: LeptonicaImage, crossedShare: Double = minimumCrossedShare) -> Bool {
        guard let tiles = ShadowEdge(page) else { return false }
        return tiles.crossed(transposed: false, share: crossedShare) || tiles.crossed(transposed: true, share: crossedShare)
    }

    /// A step found on one line of tiles: where (the tile between the two compared), how deep,
    /// and whether the paper before it is the brighter.
    /// `sharpness`: the step's depth against the change in the paper 2 tiles either side of it
    /// (in log levels), so that a step is told from a steep slope.
    private struct Step { let line: Int, position: Int, ratio: Double, brighterBefore: Bool, sharpness: Double }

    private func crossed(transposed: Bool, share crossedShare: Double) -> Bool {
        let rows = paper.count, columns = paper[0].count
        let lineCount = transposed ? columns : rows, length = transposed ? rows : columns
        func paperAt(_ line: Int, _ position: Int) -> Double? { transposed ? paper[position][line] : paper[line][position] }
        func printAt(_ line: Int, _ position: Int) -> Double { transposed ? print[position][line] : print[line][position] }

        var steps: [Step] = []
        for line in 0..<lineCount {
            let levels = (0..<length).map { paperAt(line, $0) }
            let white = levels.map { ($0 ?? 0) >= Self.paintedWhite }
            // A tile beside the painted table mixes paper and white: no measure of the paper.
            let nearWhite = levels.indices.map { i in white[max(0, i - 1)...min(length - 1, i + 1)].contains(true) }
            var deepest: Step? = nil
            // The outer tile of each end is left out: the slip's own edge and margin lie there.
            for i in 1..<max(1, length - 3) {
                guard let a = levels[i], let b = levels[i + 2], !nearWhite[i], !nearWhite[i + 2] else { continue }
                let ratio = min(a, b) / max(a, b)
                if ratio < Self.stepRatio, ratio < deepest?.ratio ?? .infinity {
                    var beside: [Double] = []
                    if i >= 2, let before = levels[i - 2], before < Self.paintedWhite { beside.append(abs(log(before / a))) }
                    if i + 4 < length, let after = levels[i + 4], after < Self.paintedWhite { beside.append(abs(log(b / after))) }
                    let sharpness = beside.isEmpty ? 0 : abs(log(ratio)) / max(beside.max()!, 0.01)
                    deepest = Step(line: line, position: i + 1, ratio: ratio, brighterBefore: a > b, sharpness: sharpness)
                }
            }
            if let deepest { steps.append(deepest) }
        }
        guard steps.count >= 3 else { return false }
        // One straight line through the steps, robust to the odd step elsewhere (Theil–Sen).
        var slopes: [Double] = []
        for (k, p) in steps.enumerated() {
            for q in steps[(k + 1)...] where p.line != q.line {
                slopes.append(Double(p.position - q.position) / Double(p.line - q.line))
            }
        }
        guard !slopes.isEmpty else { return false }
        let slope = median(slopes)
        let intercept = median(steps.map { Double($0.position) - slope * Double($0.line) })
        let onLine = steps.filter { abs(Double($0.position) - (intercept + slope * Double($0.line))) <= 1.5 }
        let sameSide = max(onLine.filter(\.brighterBefore).count, onLine.filter { !$0.brighterBefore }.count)
        guard Double(sameSide) >= crossedShare * Double(lineCount),
              median(onLine.map(\.sharpness)) >= Self.minimumSharpness else { return false }

        func printed(_ line: Int, _ positions: Range<Int>) -> Bool {
            positions.clamped(to: 0..<length).contains { position in
                guard let level = paperAt(line, position), level < Self.paintedWhite else { return false }
                return printAt(line, position) < Self.printBelowPaper * level
            }
        }
        let printedBefore = onLine.filter { printed($0.line, ($0.position - 4)..<$0.position) }.count
        let printedAfter = onLine.filter { printed($0.line, ($0.position + 1)..<($0.position + 5)) }.count
        return Double(min(printedBefore, printedAfter)) >= Self.minimumPrintedShare * Double(lineCount)
    }

    private func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

extension LeptonicaImage {
    /// The paper brought to one level by a grey closing on a 4× reduced copy (Leptonica's
    /// `pixBackgroundNormMorph`): the closing keeps a step in the paper's level where it is, so
    /// a shadow's edge leaves no band. Used only where `ShadowEdge` finds an edge: on other
    /// photos it lost as many fields as it gained (session 45).
    func shadowEvened() throws(ImagingError) -> LeptonicaImage {
        guard let evened = LeptonicaImage(taking: pixBackgroundNormMorph(pointer, nil, 4, Self.shadowClosing,
                                                                         BackgroundMap.paperLevel)) else {
            throw .operationFailed("shadow normalisation")
        }
        pixCopyResolution(evened.pointer, pointer)
        return evened
    }

    /// The closing's size in reduced pixels: 21, 84 px, three sized characters. Chosen by
    /// measurement, not by a mechanism I could show: 11, 15 (60 px, the first choice), 21 and 31
    /// were tried on two shadow sets, then 21 checked on two sets never looked into, where all
    /// three right went 48 → 50 and 46 → 47 of 60 (the tried sets 54 → 54 and 38 → 40; 31 lost
    /// one on the first). A synthetic slip with a bold, blurred header reads the same under all four.
    static let shadowClosing: Int32 = 21
}

extension LeptonicaImage {
    /// The count of pixels at each grey level, 0–255, within `rect` (8 bpp grey only). Counted in
    /// place: a page's tiles are not copied out one by one.
    func greyHistogram(in rect: PixelRect) -> [Double]? {
        guard depth == 8, rect.width > 0, rect.height > 0 else { return nil }
        var box: UnsafeMutablePointer<BOX>? = boxCreate(rect.x, rect.y, rect.width, rect.height)
        defer { boxDestroy(&box) }
        guard box != nil else { return nil }
        var histogram: UnsafeMutablePointer<NUMA>? = pixGetGrayHistogramInRect(pointer, box, 1)
        defer { numaDestroy(&histogram) }
        guard histogram != nil, let bins = numaGetFArray(histogram, Int32(L_NOCOPY)) else { return nil }
        return (0..<Int(min(256, numaGetCount(histogram)))).map { Double(bins[$0]) }
    }
}
