import CLeptonica
import Foundation
import Ingest
import RebutCore

/// Owns one Leptonica `PIX*` and frees it in deinit.
///
/// Every operation returns a new image and never changes this one, so an image can be read
/// from any thread once built; that is why it is `@unchecked Sendable`.
public final class LeptonicaImage: @unchecked Sendable {
    /// The owned pixels. Borrow it for a C call; never destroy it or keep it past `self`.
    package let pointer: UnsafeMutablePointer<PIX>

    /// Takes ownership of `pointer`; returns nil for a null pointer so C failures can be
    /// turned into Swift errors at the call site.
    public init?(taking pointer: UnsafeMutablePointer<PIX>?) {
        guard let pointer else { return nil }
        self.pointer = pointer
    }

    deinit {
        var owned: UnsafeMutablePointer<PIX>? = pointer
        pixDestroy(&owned)
    }

    public var width: Int { Int(pixGetWidth(pointer)) }
    public var height: Int { Int(pixGetHeight(pointer)) }
    /// Bits per pixel: 1, 2, 4, 8, 16 or 32.
    public var depth: Int { Int(pixGetDepth(pointer)) }
    /// Dots per inch recorded in the file; 0 when unknown.
    public var resolution: Int { Int(pixGetXRes(pointer)) }

    /// An independent copy of the pixels.
    public func copy() -> LeptonicaImage {
        LeptonicaImage(taking: pixCopy(nil, pointer))!
    }

    /// Encodes the image (tests build inputs this way; `rebut` dumps cleaned pages with it).
    public func encoded(as format: ImageFormat) throws(ImagingError) -> Data {
        var bytes: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard let leptonicaFormat = format.leptonicaFormat else { throw .encodeFailed(format.rawValue) }
        let status = pixWriteMem(&bytes, &size, pointer, leptonicaFormat)
        guard status == 0, let bytes else { throw .encodeFailed(format.rawValue) }
        defer { free(bytes) }
        return Data(bytes: bytes, count: size)
    }

    /// A blank image of the given depth, filled white (or black for `white: false`).
    public static func blank(width: Int, height: Int, depth: Int = 8, white: Bool = true) -> LeptonicaImage? {
        guard let image = LeptonicaImage(taking: pixCreate(Int32(width), Int32(height), Int32(depth))) else {
            return nil
        }
        // In 1 bpp a set bit is black; at other depths all bits set is white.
        if white == (depth == 1) { pixClearAll(image.pointer) } else { pixSetAll(image.pointer) }
        return image
    }
}

/// Failures inside Leptonica once an image has been accepted; bad input files are
/// `ReceiptInputError` instead.
public enum ImagingError: Error, Sendable, Equatable, CustomStringConvertible {
    case operationFailed(String)
    case encodeFailed(String)

    public var description: String {
        switch self {
        case .operationFailed(let step): return "Leptonica failed during \(step)"
        case .encodeFailed(let format): return "Leptonica could not encode the image as \(format)"
        }
    }
}

extension ImageFormat {
    /// Leptonica's code for the format; nil for the ones it cannot write (HEIC, AVIF, PDF here).
    var leptonicaFormat: Int32? {
        switch self {
        case .jpeg: return Int32(IFF_JFIF_JPEG)
        case .png: return Int32(IFF_PNG)
        case .tiff: return Int32(IFF_TIFF_ZIP)
        case .webp: return Int32(IFF_WEBP)
        case .heic, .avif, .pdf: return nil
        }
    }
}
