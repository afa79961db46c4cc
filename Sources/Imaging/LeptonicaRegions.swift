import CLeptonica
import Foundation

/// A rectangle in pixels, as Leptonica's BOX holds it.
public struct PixelRect: Sendable, Equatable {
    public var x: Int32
    public var y: Int32
    public var width: Int32
    public var height: Int32

    public init(x: Int32, y: Int32, width: Int32, height: Int32) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var area: Int32 { width * height }

    /// Whether the two rectangles share a pixel.
    func intersects(_ other: PixelRect) -> Bool {
        x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
    }

    /// Whether `other` lies wholly inside this rectangle.
    func contains(_ other: PixelRect) -> Bool {
        other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
    }

    /// The smallest rectangle holding both.
    func union(_ other: PixelRect) -> PixelRect {
        let left = min(x, other.x), top = min(y, other.y)
        return PixelRect(x: left, y: top, width: max(x + width, other.x + other.width) - left,
                         height: max(y + height, other.y + other.height) - top)
    }
}

extension LeptonicaImage {
    /// Calls `body(x, y)` for every set pixel of a 1 bpp image, row by row, skipping empty
    /// words; false for any other depth. Leptonica packs a row's pixels into 32-bit words, the
    /// leftmost pixel in the highest bit.
    func forEachSetPixel(_ body: (_ x: Int, _ y: Int) -> Void) -> Bool {
        guard depth == 1, let data = pixGetData(pointer) else { return false }
        let wordsPerLine = Int(pixGetWpl(pointer))
        for y in 0..<height {
            let line = data + y * wordsPerLine
            for wordIndex in 0..<wordsPerLine {
                let word = line[wordIndex]
                guard word != 0 else { continue }
                for bit in 0..<32 where word & (UInt32(0x8000_0000) >> UInt32(bit)) != 0 {
                    let x = wordIndex * 32 + bit
                    guard x < width else { break }
                    body(x, y)
                }
            }
        }
        return true
    }

    /// The first and last set pixel of every row (`left`, `right`) and column (`top`, `bottom`)
    /// of a 1 bpp image; `Int.max` and -1 where a row or column has none. Nil for any other depth.
    func setPixelExtents() -> (left: [Int], right: [Int], top: [Int], bottom: [Int])? {
        var left = [Int](repeating: Int.max, count: height), right = [Int](repeating: -1, count: height)
        var top = [Int](repeating: Int.max, count: width), bottom = [Int](repeating: -1, count: width)
        guard forEachSetPixel({ x, y in
            left[y] = min(left[y], x); right[y] = max(right[y], x)
            top[x] = min(top[x], y); bottom[x] = max(bottom[x], y)
        }) else { return nil }
        return (left, right, top, bottom)
    }

    /// The pixels inside `rect` (clipped to the image), as a new image. The BOX Leptonica needs
    /// for that lives only inside this call.
    package func clipped(to rect: PixelRect) -> LeptonicaImage? {
        guard rect.width > 0, rect.height > 0 else { return nil }
        var box: UnsafeMutablePointer<BOX>? = boxCreate(rect.x, rect.y, rect.width, rect.height)
        defer { boxDestroy(&box) }
        guard box != nil else { return nil }
        return LeptonicaImage(taking: pixClipRectangle(pointer, box, nil))
    }

    /// How many pixels of each row, between columns `left` and `right`, are darker than
    /// `threshold`, for an 8 bpp grey image; nil for any other depth. Thresholded whole first,
    /// so the only copy made is one bit a pixel.
    package func darkPixelsPerRow(below threshold: Int32, from left: Int, to right: Int) -> [Int]? {
        guard depth == 8, pixGetColormap(pointer) == nil, left >= 0, right <= width, right > left,
              let binary = LeptonicaImage(taking: pixThresholdToBinary(pointer, threshold)),
              let column = binary.clipped(to: PixelRect(x: Int32(left), y: 0, width: Int32(right - left), height: Int32(height)))
        else { return nil }
        var counts = pixCountPixelsByRow(column.pointer, nil)
        defer { numaDestroy(&counts) }
        guard let counts else { return nil }
        return (0..<numaGetCount(counts)).map { index in
            var value: Int32 = 0
            numaGetIValue(counts, index, &value)
            return Int(value)
        }
    }

    /// The 8-connected components of a 1 bpp image: their boxes, and each one's own mask when
    /// `withMasks` (pixConnComp's BOXA and PIXA, freed here rather than at every call site).
    func connectedComponents(withMasks: Bool = false) -> ConnectedComponents? {
        var masks: UnsafeMutablePointer<PIXA>?
        var boxes: UnsafeMutablePointer<BOXA>? = withMasks ? pixConnComp(pointer, &masks, 8) : pixConnComp(pointer, nil, 8)
        defer { boxaDestroy(&boxes) }
        guard let boxes else { pixaDestroy(&masks); return nil }
        var rects: [PixelRect] = []
        for index in 0..<boxaGetCount(boxes) {
            var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            guard boxaGetBoxGeometry(boxes, index, &x, &y, &w, &h) == 0 else { continue }
            rects.append(PixelRect(x: x, y: y, width: w, height: h))
        }
        return ConnectedComponents(rects: rects, masks: masks)
    }
}

/// Components found by `connectedComponents`, owning their masks.
final class ConnectedComponents {
    let rects: [PixelRect]
    private var masks: UnsafeMutablePointer<PIXA>?

    init(rects: [PixelRect], masks: UnsafeMutablePointer<PIXA>?) {
        self.rects = rects
        self.masks = masks
    }

    deinit { pixaDestroy(&masks) }

    /// The component's own 1 bpp mask, cropped to its box (only when found `withMasks`).
    func mask(at index: Int) -> LeptonicaImage? {
        guard let masks, index >= 0, index < rects.count else { return nil }
        return LeptonicaImage(taking: pixaGetPix(masks, Int32(index), Int32(L_CLONE)))
    }

    /// The index of the largest component by box area.
    var largest: Int? { rects.indices.max { rects[$0].area < rects[$1].area } }
}
