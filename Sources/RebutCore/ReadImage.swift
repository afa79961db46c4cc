import Foundation

/// The image the OCR read (located, cropped, de-warped, turned, scaled), kept small so the word
/// boxes can be drawn on what Tesseract saw rather than guessed onto the original photo.
public struct ReadImage: Sendable, Hashable {
    /// Grey baseline JPEG, at most `ReadImage.maxSide` pixels on its longest side.
    public var jpeg: Data
    /// The size of the coordinate space the boxes are in (the full image the OCR read), which
    /// may be larger than the JPEG: a browser scales boxes by displayed size over this.
    public var width: Int
    public var height: Int

    /// Larger read images are scaled down: enough to read a receipt's smallest print on a
    /// screen, about a tenth of the original photo's bytes.
    public static let maxSide = 1600
    public static let quality = 75

    public init(jpeg: Data, width: Int, height: Int) {
        self.jpeg = jpeg
        self.width = width
        self.height = height
    }
}
