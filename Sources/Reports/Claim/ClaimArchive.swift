import Foundation
import RebutCore
import Store
import ZIPFoundation

/// The claim as one zip: the PDF, the CSV, and each receipt's original image named
/// `DATE_VENDOR_AMOUNT.ext` (`2024-03-01_Blue-Door-Cafe_12.50-GBP.jpg`), as an accounts
/// department files them.
public enum ClaimArchive {
    public static func write(to url: URL, pdf: URL, pdfName: String, csv: Data, csvName: String,
                             images: [(receipt: Receipt, file: URL)]) throws {
        try? FileManager.default.removeItem(at: url)
        let archive = try Archive(url: url, accessMode: .create)
        try archive.addEntry(with: pdfName, fileURL: pdf, compressionMethod: .deflate)
        try add(csv, as: csvName, to: archive)
        var taken = Set<String>()
        for (receipt, file) in images {
            let name = uniqueName(imageName(receipt, extension: file.pathExtension), taken: &taken)
            try archive.addEntry(with: "receipts/" + name, fileURL: file, compressionMethod: .none)
        }
    }

    private static func add(_ data: Data, as name: String, to archive: Archive) throws {
        try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
            data.subdata(in: Int(position)..<Int(position) + size)
        }
    }

    /// `DATE_VENDOR_AMOUNT.ext`, with only letters, digits, dots and dashes in each part.
    public static func imageName(_ receipt: Receipt, extension ext: String) -> String {
        let date = receipt.date?.iso8601 ?? "undated"
        let vendor = safe(receipt.vendor ?? "unknown-vendor", limit: 40)
        let amount = receipt.total.map { MoneyFormat.canonical($0, currency: receipt.currency) + "-" + (receipt.currency ?? "") }
            ?? "no-total"
        return "\(date)_\(vendor)_\(safe(amount, limit: 24)).\(ext.lowercased())"
    }

    /// Letters, digits, dots and dashes only: safe in any file system and zip tool.
    public static func safe(_ text: String, limit: Int) -> String {
        let folded = text.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
        var out = ""
        for scalar in folded.unicodeScalars {
            if scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "." || scalar == "-") {
                out.unicodeScalars.append(scalar)
            } else if !out.hasSuffix("-") {
                out += "-"
            }
        }
        let trimmed = out.trimmingCharacters(in: CharacterSet(charactersIn: "-."))
        return String((trimmed.isEmpty ? "x" : trimmed).prefix(limit))
    }

    static func uniqueName(_ name: String, taken: inout Set<String>) -> String {
        var candidate = name
        let base = (name as NSString).deletingPathExtension, ext = (name as NSString).pathExtension
        var n = 2
        while taken.contains(candidate) {
            candidate = "\(base)_\(n).\(ext)"
            n += 1
        }
        taken.insert(candidate)
        return candidate
    }
}
