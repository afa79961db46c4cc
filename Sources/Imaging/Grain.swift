import CLeptonica

/// Grain a person reads through and Tesseract does not: a dim photo's sensor noise, brought up
/// with its grey paper, or a grainy or dithered scan. Tesseract thresholds the page to find its
/// lines, and every grain became a speck beside the strokes ("05/01/2018" read as "os/oi/20i8",
/// whole lines lost). A 3×3 median takes the grain out and keeps strokes two pixels wide or
/// more, which print sized to 28 px has.
enum Grain {
    /// Grey levels a page differs from its 3×3 median on average, above which it is grainy:
    /// scans and photos in daylight, glare or a hand's shade measure 0.1–0.7, dim photos 3–12,
    /// grainy or dithered scans 2.5–7.
    static let grainyLevel: Float = 2
    /// The share of the page's rows measured, around its middle: grain lies everywhere, and a
    /// median over every page would cost each receipt as much again as the measure.
    static let sampledShare = 0.25

    /// How far the page's middle rows lie from their 3×3 median, on average (grey levels).
    static func level(of page: LeptonicaImage) -> Float? {
        guard page.depth == 8, page.height >= 12 else { return nil }
        let rows = max(8, Int(Double(page.height) * sampledShare))
        guard let band = page.clipped(to: PixelRect(x: 0, y: Int32((page.height - rows) / 2), width: Int32(page.width), height: Int32(rows))),
              let median = LeptonicaImage(taking: pixMedianFilter(band.pointer, 3, 3)),
              let difference = LeptonicaImage(taking: pixAbsDifference(band.pointer, median.pointer)) else { return nil }
        var level: Float = 0
        guard pixGetAverageMasked(difference.pointer, nil, 0, 0, 1, Int32(L_MEAN_ABSVAL), &level) == 0 else { return nil }
        return level
    }

    /// `page` through a 3×3 median when it is grainy; nil when it is not.
    static func smoothed(_ page: LeptonicaImage) -> LeptonicaImage? {
        guard let level = level(of: page), level >= grainyLevel else { return nil }
        return LeptonicaImage(taking: pixMedianFilter(page.pointer, 3, 3))
    }
}
