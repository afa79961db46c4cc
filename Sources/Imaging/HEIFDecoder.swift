import CHeif
import CLeptonica
import Foundation
import Ingest
import RebutCore

/// Decodes HEIC (iPhone photos) and AVIF with libheif into a 32 bpp Leptonica image, so the
/// rest of the pipeline sees the same pixels as from a JPEG.
///
/// The primary image is decoded with its transformations (libheif applies the irot/imir boxes,
/// i.e. the phone's rotation, by default), so no EXIF orientation is applied afterwards.
///
/// HEVC cannot be decoded at a reduced size the way JPEG can, so an image over the pixel budget
/// (a 48 MP "HEIF Max" photo) is decoded to its luma plane only, 1 byte a pixel instead of 4
/// plus an RGBA copy: measured 497 MB peak RSS for one 48 MP HEIC in RGB. The caller then
/// scales it down; the cleaner reads grey anyway.
enum HEIFDecoder {
    private static let initialised: Void = { _ = heif_init(nil) }()

    static func decode(_ data: Data, format: ImageFormat, maxPixels: Int,
                       pixelBudget: Int) throws(ReceiptInputError) -> LeptonicaImage {
        _ = initialised
        let name = format.rawValue.uppercased()
        guard let context = heif_context_alloc() else { throw .corrupt("libheif could not start") }
        defer { heif_context_free(context) }
        // Tiles (a phone's HEIC is a grid of 512×512 tiles) are decoded on this worker thread,
        // not on threads of libheif's own: the OCR workers already use every core.
        heif_context_set_max_decoding_threads(context, 0)

        // The context reads `data` without copying it, so everything happens inside this closure.
        let result = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Result<LeptonicaImage, ReceiptInputError> in
            Result { () throws(ReceiptInputError) -> LeptonicaImage in
                try check(heif_context_read_from_memory_without_copy(context, raw.baseAddress, raw.count, nil), name)
                var handle: OpaquePointer?
                try check(heif_context_get_primary_image_handle(context, &handle), name)
                guard let handle else { throw .corrupt("the \(name) file has no primary image") }
                defer { heif_image_handle_release(handle) }

                let width = Int(heif_image_handle_get_width(handle)), height = Int(heif_image_handle_get_height(handle))
                guard width > 0, height > 0, width <= 100_000, height <= 100_000 else {
                    throw .corrupt("the \(name) file claims an impossible size of \(width)×\(height) pixels")
                }
                guard width * height <= maxPixels else { throw .tooLarge(width: width, height: height, limit: maxPixels) }

                guard let options = heif_decoding_options_alloc() else { throw .corrupt("libheif could not start") }
                defer { heif_decoding_options_free(options) }
                // Fail on damaged data rather than returning a half-grey picture.
                options.pointee.strict_decoding = 1
                options.pointee.convert_hdr_to_8bit = 1
                let lumaOnly = width * height > pixelBudget
                var decoded: OpaquePointer?
                try check(lumaOnly ? heif_decode_image(handle, &decoded, heif_colorspace_YCbCr, heif_chroma_420, options)
                                   : heif_decode_image(handle, &decoded, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, options),
                          name)
                guard let decoded else { throw .corrupt("the \(name) data is damaged or truncated") }
                defer { heif_image_release(decoded) }
                return lumaOnly ? try copyPlane(decoded, channel: heif_channel_Y, bytesPerPixel: 1, depth: 8, name: name)
                                : try copyPlane(decoded, channel: heif_channel_interleaved, bytesPerPixel: 4, depth: 32, name: name)
            }
        }
        return try result.get()
    }

    /// Copies a plane into a new image: interleaved R,G,B,A bytes into 32 bpp, or luma bytes
    /// into 8 bpp. Leptonica keeps pixels in 32-bit words with the first pixel (or red) in the
    /// most significant byte, so on a little-endian machine the bytes are swapped per word.
    private static func copyPlane(_ image: OpaquePointer, channel: heif_channel, bytesPerPixel: Int, depth: Int32,
                                  name: String) throws(ReceiptInputError) -> LeptonicaImage {
        let width = Int(heif_image_get_width(image, channel))
        let height = Int(heif_image_get_height(image, channel))
        var stride: Int32 = 0
        guard width > 0, height > 0, let plane = heif_image_get_plane_readonly(image, channel, &stride),
              Int(stride) >= width * bytesPerPixel else {
            throw .corrupt("the \(name) image has no pixels")
        }
        guard let target = LeptonicaImage(taking: pixCreate(Int32(width), Int32(height), depth)),
              let words = pixGetData(target.pointer) else {
            throw .corrupt("the \(name) image is too large to hold in memory")
        }
        let wordsPerLine = Int(pixGetWpl(target.pointer))
        for row in 0..<height {
            memcpy(words + row * wordsPerLine, plane + row * Int(stride), width * bytesPerPixel)
        }
        pixEndianByteSwap(target.pointer)
        return target
    }

    private static func check(_ error: heif_error, _ name: String) throws(ReceiptInputError) {
        guard error.code != heif_error_Ok else { return }
        let detail = (error.message.map { String(cString: $0) } ?? "unknown error")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        if error.code == heif_error_Unsupported_feature || error.code == heif_error_Decoder_plugin_error
            || error.subcode == heif_suberror_Unsupported_codec {
            throw .unsupportedFormat("\(name) with a compression this system cannot decode (libheif: \(detail))")
        }
        throw .corrupt("the \(name) data is damaged or truncated (libheif: \(detail))")
    }
}
