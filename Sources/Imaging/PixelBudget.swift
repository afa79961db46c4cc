import Foundation

/// How many pixels each step may work on, so that no image, whatever its size, costs more
/// than the OCR needs.
///
/// 16 MP: a 12 MP phone photo (4000×3000) is kept whole, because the receipt may fill only a
/// third of it; a 600 dpi A4 scan (4961×7016, 35 MP) comes out at 300 dpi (2480×3508), which
/// still puts 8-point print at ~30 px; a 50 MP photo comes out at half size (12.5 MP). A 16 MP
/// 8-bit grey page is 16 MB, so two workers stay far below the 600 MB a batch may use.
public enum PixelBudget {
    public static let decodeDefault = 16_000_000
    /// Upscaling cap: 10 MP. Tesseract's time grows with the pixels it is given; a page that
    /// measured tiny text is read in seconds, not minutes. Lowered from 16 MP for time: the
    /// slowest tune scan went from 3.9 to 2.9 s, with the same fields within a receipt or two on
    /// tune (240/242/239 → 241/243/239 total/date/vendor) and the wild set (173/192/157 →
    /// 174/191/157).
    public static let scalingDefault = 10_000_000

    /// The smallest libjpeg DCT reduction (1, 2, 4 or 8) that brings `width`×`height` within
    /// `budget`; 8 when even that is over (a 200 MP panorama: decoding stays cheap anyway).
    public static func jpegReduction(width: Int, height: Int, budget: Int) -> Int {
        for reduction in [1, 2, 4] {
            let w = (width + reduction - 1) / reduction, h = (height + reduction - 1) / reduction
            if w * h <= budget { return reduction }
        }
        return 8
    }

    /// The factor (< 1) that brings an image within `budget`, or nil when it already fits.
    public static func downscaleFactor(width: Int, height: Int, budget: Int) -> Double? {
        let pixels = Double(width) * Double(height)
        guard pixels > Double(budget), pixels > 0 else { return nil }
        return (Double(budget) / pixels).squareRoot()
    }

    /// `factor` with any enlargement cut so the result has at most `maxPixels` pixels. Shrinking
    /// is left alone, and an image already over the cap is not enlarged at all.
    /// An enlargement the cap cuts to a negligible one (`TextSizeEstimator.negligibleScaling`) is
    /// none: a whole A4 page read as it is (8.7 MP, measured as 10 px text) was enlarged 7% to
    /// the cap, which cost a 10 MP interpolation and a larger image to read for nothing.
    public static func cappedUpscale(_ factor: Double, width: Int, height: Int, maxPixels: Int) -> Double {
        guard factor > 1, width > 0, height > 0 else { return factor }
        let largest = (Double(maxPixels) / (Double(width) * Double(height))).squareRoot()
        let capped = min(factor, max(1, largest))
        return capped < factor && capped - 1 < TextSizeEstimator.negligibleScaling ? 1 : capped
    }
}
