import Foundation
import Imaging
import Ingest

/// A fresh folder per test, removed when the value is dropped.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("rebut-ocr-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func ingest(_ image: LeptonicaImage, as format: ImageFormat = .png, named name: String) throws -> IngestedFile {
        let url = url.appendingPathComponent("\(name).\(format.rawValue)")
        try image.encoded(as: format).write(to: url)
        return try Ingestor().read(url)
    }
}

/// Small receipts with different content, so a mixed-up result between workers would show.
let sampleReceipts: [[String]] = [
    ["CAFE DEL MAR", "2 CAFE CON LECHE 3.20", "TOTAL 7.50", "17/03/2024"],
    ["HOTEL MIRAMAR", "2 NIGHTS 180.00", "CITY TAX 4.40", "TOTAL 184.40"],
    ["TAXI BARCELONA", "AIRPORT TRANSFER", "TOTAL 39.00", "02/05/2024"],
    ["FARMACIA CENTRAL", "IBUPROFENO 4.95", "TOTAL 4.95", "11/06/2024"],
    ["LIBRERIA ONA", "2 BOOKS 31.90", "TOTAL 31.90", "20/07/2024"],
    ["GASOLINERA REPSOL", "DIESEL 52.10", "TOTAL 52.10", "03/08/2024"],
]
