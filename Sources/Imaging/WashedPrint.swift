import CLeptonica

/// Print washed out by a lamp's reflection on glossy thermal paper, deepened to the contrast
/// the rest of the slip's print has.
///
/// The reflection lifts print and paper alike: inside it the strokes lie a few dozen grey
/// levels below the paper, where elsewhere they lie 150 and more below it. Tesseract's one
/// threshold for the page then takes them for paper. The reflection is not found by its
/// brightness (once the background is evened out it is no brighter than the rest) but by
/// what it does to the print: tiles whose darkest strokes stand clearly out of the paper,
/// yet by much less than the page's own print does. There the darkness below the paper is
/// multiplied; the paper keeps its level, so no tile edge shows.
enum WashedPrint {
    /// Tiles of the halved page, which is measured at ~14 px print: two characters across.
    static let tile = 30
    /// A tile's darkest pixel at least this far below its paper holds print (noise and the
    /// grain of evened-out paper stay within ~20 levels at this scale).
    static let printContrast = 40
    /// A tile whose print stands less than this share of the page's usual contrast out of its
    /// paper is washed out.
    static let washedShare = 0.45
    /// The most a tile's darkness is multiplied: a ghost of a stroke is no stroke.
    static let maximumGain = 4.0
    /// The page's usual print contrast: this rank among tiles holding print.
    static let usualRank = 0.75
    /// The rank among all tiles' contrasts that measures blank paper: margins and line gaps
    /// are most of a slip.
    static let blankRank = 0.1
    /// Fewer washed tiles than this share of the tiles holding print leave the page as it is.
    static let minimumWashedShare = 0.03

    /// `page` with washed-out print deepened; nil when nothing on it is washed out.
    static func deepened(_ page: LeptonicaImage) -> LeptonicaImage? {
        // The paper's level is the brightest of the halved page blurred over 3×3: a bright speck
        // in a grey tile is no paper, and darkening everything below it greys the paper itself.
        guard page.depth == 8, let halved = page.halved(), let blurred = LeptonicaImage(taking: pixBlockconv(halved.pointer, 1, 1)),
              let darkest = LeptonicaImage(taking: pixScaleGrayMinMax(halved.pointer, Int32(tile), Int32(tile), Int32(L_CHOOSE_MIN))),
              let paper = LeptonicaImage(taking: pixScaleGrayMinMax(blurred.pointer, Int32(tile), Int32(tile), Int32(L_CHOOSE_MAX)))
        else { return nil }
        let columns = darkest.width, rows = darkest.height
        guard columns >= 2, rows >= 2, let mins = darkest.bytes(), let maxs = paper.bytes() else { return nil }
        let contrast = zip(mins, maxs).map { Int($1) - Int($0) }
        let printed = contrast.filter { $0 >= printContrast }.sorted()
        guard printed.count >= 8 else { return nil }
        let usual = Double(printed[Int(Double(printed.count - 1) * usualRank)])
        // Sensor noise in a dim photo, evened out and brightened, gives blank paper "strokes"
        // 40–80 levels deep: a washed stroke must stand that far above the page's blank tiles.
        let blank = contrast.sorted()[Int(Double(contrast.count - 1) * blankRank)]
        let faintest = max(printContrast, blank + printContrast)
        var gains = contrast.indices.map { index -> Double in
            let c = contrast[index], r = index / columns, col = index % columns
            // The slip's edges: its shadow, a strip of table, the paper's own border.
            guard r >= edgeTiles, r < rows - edgeTiles, col >= edgeTiles, col < columns - edgeTiles else { return 1 }
            guard c >= faintest, Double(c) < washedShare * usual else { return 1 }
            return min(maximumGain, washedShare * usual / Double(c))
        }
        gains = patches(gains, columns: columns, rows: rows)
        let washed = gains.filter { $0 > 1 }.count
        guard Double(washed) >= minimumWashedShare * Double(printed.count) else { return nil }
        // The gain fades out over a tile beyond the patch, so its edge shows no step.
        gains = smoothed(gains, columns: columns, rows: rows)
        return applied(page, gains: gains, paper: maxs, columns: columns, rows: rows)
    }

    /// Washed tiles that lie in a patch: a reflection washes out every line it crosses, over
    /// several tiles each way; a lone tile is the soft edge of a stroke, a light logo, a fold.
    /// Tiles one apart count as one patch, since the reflection's core leaves no print to measure.
    static let minimumPatch = 5
    /// Tiles this close to the located slip's edge are never washed: its shadow and the paper's
    /// border are weak "print" along every side.
    static let edgeTiles = 2

    /// `gains` with the washed tiles outside a patch set back to 1.
    private static func patches(_ gains: [Double], columns: Int, rows: Int) -> [Double] {
        var visited = [Bool](repeating: false, count: gains.count)
        var kept = gains
        for start in gains.indices where gains[start] > 1 && !visited[start] {
            var stack = [start], members: [Int] = []
            visited[start] = true
            while let index = stack.popLast() {
                members.append(index)
                let r = index / columns, c = index % columns
                for dr in -2...2 { for dc in -2...2 {
                    let rr = r + dr, cc = c + dc
                    guard rr >= 0, rr < rows, cc >= 0, cc < columns else { continue }
                    let next = rr * columns + cc
                    guard gains[next] > 1, !visited[next] else { continue }
                    visited[next] = true
                    stack.append(next)
                } }
            }
            let spanRows = Set(members.map { $0 / columns }).count, spanColumns = Set(members.map { $0 % columns }).count
            if members.count < minimumPatch || spanRows < 2 || spanColumns < 2 {
                for index in members { kept[index] = 1 }
            }
        }
        return kept
    }

    /// Each tile's gain raised to the mean of the 3×3 tiles around it, never lowered: a patch's
    /// gain fades out over the tile beyond its edge.
    private static func smoothed(_ values: [Double], columns: Int, rows: Int) -> [Double] {
        var out = values
        for r in 0..<rows {
            for c in 0..<columns {
                var sum = 0.0, count = 0.0
                for dr in -1...1 { for dc in -1...1 {
                    let rr = r + dr, cc = c + dc
                    guard rr >= 0, rr < rows, cc >= 0, cc < columns else { continue }
                    sum += values[rr * columns + cc]; count += 1
                } }
                out[r * columns + c] = max(values[r * columns + c], sum / count)
            }
        }
        return out
    }

    /// Each pixel's darkness below its tile's paper multiplied by the tile's gain.
    private static func applied(_ page: LeptonicaImage, gains: [Double], paper: [UInt8], columns: Int, rows: Int) -> LeptonicaImage? {
        guard let out = LeptonicaImage(taking: pixCopy(nil, page.pointer)), let data = pixGetData(out.pointer) else { return nil }
        #if !_endian(little)
        #error("WashedPrint.applied assumes a little-endian machine")
        #endif
        let bytes = UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt8.self)
        let rowBytes = Int(pixGetWpl(out.pointer)) * 4
        let side = 2 * tile  // a tile of the halved page, on the page
        for y in 0..<page.height {
            let tileRow = min(rows - 1, y / side)
            for x in 0..<page.width {
                let index = tileRow * columns + min(columns - 1, x / side)
                let gain = gains[index]
                guard gain > 1 else { continue }
                let offset = y * rowBytes + (x ^ 3)
                let level = Double(paper[index])
                let value = Double(bytes[offset])
                guard value < level else { continue }
                bytes[offset] = UInt8(max(0, (level - (level - value) * gain).rounded()))
            }
        }
        return out
    }
}

extension LeptonicaImage {
    /// The pixels of an 8 bpp image, row by row.
    func bytes() -> [UInt8]? {
        guard depth == 8, let data = pixGetData(pointer) else { return nil }
        let raw = UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self)
        let rowBytes = Int(pixGetWpl(pointer)) * 4
        var out: [UInt8] = []
        out.reserveCapacity(width * height)
        for y in 0..<height { for x in 0..<width { out.append(raw[y * rowBytes + (x ^ 3)]) } }
        return out
    }
}
