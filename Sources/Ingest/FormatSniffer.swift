import Foundation
import RebutCore

/// Tells what a file is from its first bytes. Extensions lie (a PDF saved as .jpg, a HEIC
/// exported as .jpeg), so only the content decides.
enum FormatSniffer {
    enum Verdict: Equatable {
        case image(ImageFormat)
        case unsupportedImage(String)
        case notAnImage(String)
    }

    static func sniff(_ data: Data) -> Verdict {
        let bytes = [UInt8](data.prefix(64))
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + magic.count && Array(bytes[offset..<offset + magic.count]) == magic
        }
        func ascii(_ text: String, at offset: Int = 0) -> Bool { starts(Array(text.utf8), at: offset) }

        if starts([0xFF, 0xD8, 0xFF]) { return .image(.jpeg) }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .image(.png) }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .image(.tiff) }
        if ascii("RIFF") && ascii("WEBP", at: 8) { return .image(.webp) }

        if ascii("GIF87a") || ascii("GIF89a") { return .unsupportedImage("GIF") }
        if ascii("BM") && bytes.count >= 14 { return .unsupportedImage("BMP") }
        if starts([0x49, 0x49, 0x2B, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2B]) { return .unsupportedImage("BigTIFF") }
        if ascii("ftyp", at: 4) {
            let brand = bytes.count >= 12 ? String(decoding: bytes[8..<12], as: UTF8.self) : ""
            switch brand {
            case "heic", "heix", "hevc", "hevx", "heim", "heis": return .image(.heic)
            case "avif": return .image(.avif)
            // The generic HEIF brands: the compatible brands say whether it holds AV1 or HEVC.
            case "mif1", "msf1": return .image(compatibleBrands(bytes).contains("avif") ? .avif : .heic)
            case "avis": return .unsupportedImage("AVIF image sequence")
            default: return .notAnImage("a video or MP4-family file (brand \(brand))")
            }
        }
        if starts([0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20]) || starts([0xFF, 0x4F, 0xFF, 0x51]) {
            return .unsupportedImage("JPEG 2000")
        }
        if starts([0x00, 0x00, 0x01, 0x00]) { return .unsupportedImage("ICO") }
        if ascii("8BPS") { return .unsupportedImage("Photoshop PSD") }

        if ascii("%PDF-") { return .image(.pdf) }
        if starts([0x50, 0x4B, 0x03, 0x04]) { return .notAnImage("a ZIP archive or office document") }
        if starts([0x1F, 0x8B]) { return .notAnImage("gzip-compressed data") }
        if starts([0x7F, 0x45, 0x4C, 0x46]) { return .notAnImage("an executable") }
        if starts([0xD0, 0xCF, 0x11, 0xE0]) { return .notAnImage("a legacy Office document") }
        if looksLikeText(data) {
            let head = String(decoding: data.prefix(256), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            if head.hasPrefix("<svg") || (head.hasPrefix("<?xml") && head.contains("<svg")) {
                return .unsupportedImage("SVG")
            }
            if head.hasPrefix("<!doctype html") || head.hasPrefix("<html") { return .notAnImage("an HTML page") }
            return .notAnImage("text")
        }
        return .notAnImage("unrecognised binary data")
    }

    /// The compatible brands of an ISO-BMFF `ftyp` box (size, "ftyp", major brand, minor
    /// version, then brands of four bytes), as far as `bytes` holds them.
    static func compatibleBrands(_ bytes: [UInt8]) -> [String] {
        guard bytes.count >= 16 else { return [] }
        let size = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        let end = min(bytes.count, max(16, size))
        return stride(from: 16, to: end - 3, by: 4).map { String(decoding: bytes[$0..<$0 + 4], as: UTF8.self) }
    }

    /// Valid UTF-8 without control characters other than tab/newline/CR in the first 4 KiB.
    static func looksLikeText(_ data: Data) -> Bool {
        var sample = [UInt8](data.prefix(4096))
        // Do not reject text just because the sample cut a multi-byte character in half.
        if data.count > sample.count {
            while let last = sample.last, last & 0xC0 == 0x80 { sample.removeLast() }
            if let last = sample.last, last >= 0xC0 { sample.removeLast() }
        }
        guard String(validating: sample, as: UTF8.self) != nil else { return false }
        return !sample.contains { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != 0x0C }
    }
}
