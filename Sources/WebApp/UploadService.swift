import Foundation
import Hummingbird
import Ingest
import NIOCore
import Pipeline
import RebutCore
import Store

/// Files uploaded bytes through the same ingest checks (format by content, hash) and the same
/// `ReceiptFiler` as `rebut ingest`: the same dedupe by SHA-256 and the same errors.
struct UploadService: Sendable {
    let filer: ReceiptFiler
    let maxBytes: Int

    /// Reads the body up to the limit: a body announced or found larger is refused with 413.
    func readBody(_ request: Request) async throws -> Data {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > maxBytes {
            throw tooLarge(length)
        }
        do {
            let buffer = try await request.body.collect(upTo: maxBytes)
            return Data(buffer.readableBytesView)
        } catch is NIOTooManyBytesError {
            throw tooLarge(nil)
        }
    }

    private func tooLarge(_ length: Int?) -> WebError {
        let mb = maxBytes >> 20
        return WebError(.contentTooLarge, "the upload\(length.map { " (\($0) bytes)" } ?? "") is over the limit of \(mb) MB (rebut serve --max-upload-mb)")
    }

    /// The name is kept only as the receipt's file name: it never reaches the file system.
    func file(_ data: Data, named rawName: String, into event: Event) async -> FilingResult {
        let name = Self.safeFileName(rawName)
        let url = URL(fileURLWithPath: "/uploads").appendingPathComponent(name)
        let ingestor = Ingestor(maxFileBytes: maxBytes)
        let ingested: IngestedFile
        do {
            ingested = try await BlockingIO.run { () throws -> IngestedFile in try ingestor.inspect(data, from: url) }
        } catch let error as ReceiptInputError {
            return FilingResult(source: url, outcome: .failed(ReceiptFailure(file: url, stage: .ingest, reason: error.description)))
        } catch {
            return FilingResult(source: url, outcome: .failed(ReceiptFailure(file: url, stage: .ingest, reason: "\(error)")))
        }
        return await filer.file(ingested, to: .event(event))
    }

    /// The last path component, without control characters, at most 120 characters; "upload" if nothing is left.
    static func safeFileName(_ raw: String) -> String {
        let last = raw.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let clean = TextSanitising.withoutControls(last).trimmingCharacters(in: .whitespacesAndNewlines)
        let name = String(clean.prefix(120))
        return name.isEmpty || name == "." || name == ".." ? "upload" : name
    }
}
