import CLeptonica
import Foundation

/// Estimates how tall characters are, so scaling can bring them to the size Tesseract's LSTM
/// was trained on instead of using one factor for 150 dpi scans and 12 MP photos alike.
enum TextSizeEstimator {
    /// Median height of character-sized connected components, or nil when there is no text.
    static func medianCharacterHeight(_ grey: LeptonicaImage) -> Double? {
        var threshold: UnsafeMutablePointer<PIX>?
        var binary: UnsafeMutablePointer<PIX>?
        defer { pixDestroy(&threshold) }
        guard pixOtsuAdaptiveThreshold(grey.pointer, 300, 300, 0, 0, 0.1, &threshold, &binary) == 0,
              let ink = LeptonicaImage(taking: binary) else { return nil }
        guard let components = ink.connectedComponents() else { return nil }
        var heights: [Int32] = []
        let maxHeight = Int32(grey.height / 10)
        for box in components.rects {
            let w = box.width, h = box.height
            // Characters: not specks, not rules or frames, not long lines.
            if h >= 5, h <= maxHeight, w >= 2, w <= 3 * h { heights.append(h) }
        }
        guard heights.count >= 10 else { return nil }
        heights.sort()
        return Double(heights[heights.count / 2])
    }

    /// Factor that brings the median character height to `target`; nil when no scaling helps.
    static func scaleFactor(for grey: LeptonicaImage, target: Int) -> Double? {
        guard let height = medianCharacterHeight(grey) else { return nil }
        let factor = (Double(target) / height).clamped(to: 0.25...4)
        return abs(factor - 1) < 0.15 ? nil : factor
    }
}

extension Comparable {
    func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}
