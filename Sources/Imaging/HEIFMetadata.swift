import CHeif
import Foundation
import Ingest
import RebutCore

/// The EXIF block of a HEIC/AVIF photo (an iPhone writes GPS there, not in a JPEG APP1 segment).
public enum HEIFMetadata {
    private static let initialised: Void = { _ = heif_init(nil) }()

    /// Where the photo was taken, from the primary image's EXIF; nil when absent or unreadable.
    public static func location(in data: Data) -> GeoPoint? {
        exifTIFF(in: data).flatMap(ExifGPS.fromTIFF)
    }

    /// The TIFF structure of the first EXIF block. libheif gives the block as stored: a 4-byte
    /// big-endian offset to the TIFF header, then (usually) "Exif\0\0" and the header.
    static func exifTIFF(in data: Data) -> [UInt8]? {
        _ = initialised
        guard let context = heif_context_alloc() else { return nil }
        defer { heif_context_free(context) }
        return data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> [UInt8]? in
            guard heif_context_read_from_memory_without_copy(context, raw.baseAddress, raw.count, nil).code == heif_error_Ok
            else { return nil }
            var handle: OpaquePointer?
            guard heif_context_get_primary_image_handle(context, &handle).code == heif_error_Ok, let handle else { return nil }
            defer { heif_image_handle_release(handle) }
            var id: heif_item_id = 0
            guard heif_image_handle_get_list_of_metadata_block_IDs(handle, "Exif", &id, 1) == 1 else { return nil }
            let size = heif_image_handle_get_metadata_size(handle, id)
            guard size > 4, size < 1 << 20 else { return nil }
            var block = [UInt8](repeating: 0, count: size)
            guard heif_image_handle_get_metadata(handle, id, &block).code == heif_error_Ok else { return nil }
            let offset = Int(block[0]) << 24 | Int(block[1]) << 16 | Int(block[2]) << 8 | Int(block[3])
            guard offset >= 0, 4 + offset < size else { return nil }
            return Array(block[(4 + offset)...])
        }
    }
}
