import Foundation
import GRDB
import RebutCore
@testable import Store

/// A fresh folder under the system temp dir, removed when the value goes away.
final class TemporaryFolder: @unchecked Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("rebut-store-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    var databaseURL: URL { url.appendingPathComponent("store/rebut.sqlite") }

    func makeStore(knownCategories: Set<String>? = nil) throws -> ExpenseStore {
        try ExpenseStore(path: databaseURL, knownCategories: knownCategories)
    }

    /// The database at `databaseURL` migrated only up to `migration`: what an older Rebut left
    /// behind, for tests that upgrade it.
    func databaseMigrated(upTo migration: String) throws -> DatabaseQueue {
        let path = databaseURL
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: path.path)
        try Schema.migrator(imagesFolder: ExpenseStore.imagesFolder(forDatabase: path),
                            legacyImagesFolder: path.deletingLastPathComponent().appendingPathComponent("images"))
            .migrate(queue, upTo: migration)
        return queue
    }

    /// Every regular file under the store's own image folder, temporary files included.
    func imageFiles() -> [URL] {
        let root = url.appendingPathComponent("store/rebut.images")
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey],
                                                          options: []) else { return [] }
        return walker.compactMap { $0 as? URL }.filter {
            (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
        }
    }
}

/// A well-formed, distinct SHA-256-shaped key per seed. The store treats the hash as an identity
/// and never recomputes it, so a real digest adds nothing here.
func hexKey(_ seed: Int) -> String {
    var hex = ""
    var x = UInt64(seed &+ 1) &* 0x9E37_79B9_7F4A_7C15
    while hex.count < 64 {
        x ^= x >> 29; x &*= 0xBF58_476D_1CE4_E5B9; x ^= x >> 32
        let chunk = String(x, radix: 16)
        hex += String(repeating: "0", count: 16 - chunk.count) + chunk
    }
    return String(hex.prefix(64))
}

func imageBytes(_ seed: Int) -> Data {
    // A JPEG-looking header then bytes that differ per seed.
    Data([0xFF, 0xD8, 0xFF, 0xE0]) + Data((0..<2048).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ seed) })
}

func newReceipt(seed: Int, vendor: String? = "Restoran Ali", date: LocalDate? = LocalDate(year: 2019, month: 3, day: 4),
                total: Decimal? = Decimal(string: "12.30"), currency: String? = "MYR", confidence: Double = 0.9,
                category: String? = nil, status: ReceiptStatus = .filed, ocrText: String = "RESTORAN ALI\nTOTAL 12.30") -> NewReceipt {
    var conf: [ReceiptField: Double] = [:]
    if vendor != nil { conf[.vendor] = confidence }
    if date != nil { conf[.date] = confidence }
    if total != nil { conf[.total] = confidence }
    let fields = ReceiptFields(
        vendor: vendor, date: date, total: total, currency: currency, payment: .cash, tax: nil,
        confidence: conf,
        candidates: [.date: [Candidate(value: "2019-03-04", score: 0.9, line: "04/03/2019", lineIndex: 3),
                            Candidate(value: "2019-04-03", score: 0.4, line: "04/03/2019", lineIndex: 3)]])
    return NewReceipt(fileName: "IMG_\(seed).jpg", sha256: hexKey(seed), imageData: imageBytes(seed),
                      imageExtension: "jpg", ocrText: ocrText,
                      ocrLines: TextLine.lines(fromPlainText: ocrText), fields: fields,
                      category: category, status: status)
}

extension FilingOutcome {
    var isDuplicate: Bool {
        if case .duplicate = self { return true }
        return false
    }
}
