import CLeptonica
import Foundation
import RebutCore

extension LeptonicaImage {
    /// This image as the read image kept with a receipt: grey, scaled down to fit
    /// `ReadImage.maxSide`, JPEG. The size recorded is this image's own, the space the OCR's
    /// boxes are in, or `coordinateSpace` when the boxes were measured on a larger page.
    public func readImage(coordinateSpace: (width: Int, height: Int)? = nil,
                          maxSide: Int = ReadImage.maxSide, quality: Int = ReadImage.quality) throws(ImagingError) -> ReadImage {
        let grey = try self.grey()
        let factor = min(1, Double(maxSide) / Double(max(width, height, 1)))
        var small = grey
        if factor < 1 {
            // Area mapping averages the pixels each output pixel covers: thin print stays legible.
            guard let scaled = LeptonicaImage(taking: pixScaleAreaMap(grey.pointer, Float(factor), Float(factor))) else {
                throw .operationFailed("scaling the read image")
            }
            small = scaled
        }
        var bytes: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard pixWriteMemJpeg(&bytes, &size, small.pointer, Int32(quality), 0) == 0, let bytes else {
            throw .encodeFailed("JPEG (read image)")
        }
        defer { free(bytes) }
        let space = coordinateSpace ?? (width, height)
        return ReadImage(jpeg: Data(bytes: bytes, count: size), width: space.width, height: space.height)
    }
}
