import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import RebutCore
import Reports
import Store

/// The JSON API under /api/v1, described by `OpenAPIDocument`.
struct APIRoutes: StoreLookup {
    let store: ExpenseStore
    let uploads: UploadService

    var threshold: Double { store.reviewThreshold }

    func register(on router: Router<WebContext>) {
        let api = router.group("api/v1")
        api.get("openapi.json") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
                     body: .init(byteBuffer: ByteBuffer(string: OpenAPIDocument.json)))
        }
        api.get("events") { _, _ in try await listEvents() }
        api.post("events") { request, _ in try await createEvent(request) }
        api.get("events/:eventId") { _, context in
            try await eventJSON(try await event(context.parameters.id("eventId")))
        }
        api.patch("events/:eventId") { request, context in try await editEvent(request, id: context.parameters.id("eventId")) }
        api.get("events/:eventId/receipts") { request, context in
            let event = try await event(context.parameters.id("eventId"))
            let query = try ReceiptQuery { request.uri.queryParameters.get($0) }
            let receipts = try await store.nonBlocking.run { try $0.receiptSummaries(eventId: event.id, status: query.status, category: query.category) }
            return try JSONBody.response(["receipts": query.apply(receipts).map { ReceiptJSON($0, threshold: threshold) }])
        }
        api.post("events/:eventId/uploads") { request, context in
            let event = try await event(context.parameters.id("eventId"))
            return try await upload(request, into: event)
        }
        api.get("receipts/:receiptId") { _, context in
            try JSONBody.response(ReceiptJSON(try await receipt(context.parameters.id("receiptId")), threshold: threshold, withText: true))
        }
        api.patch("receipts/:receiptId") { request, context in try await setFields(request, id: context.parameters.id("receiptId")) }
        api.get("receipts/:receiptId/candidates") { _, context in
            try JSONBody.response(CandidatesJSON(try await receipt(context.parameters.id("receiptId")), threshold: threshold))
        }
        api.get("receipts/:receiptId/image") { _, context in
            try await ImageResponder.image(of: try await receipt(context.parameters.id("receiptId")), store: store)
        }
        api.get("receipts/:receiptId/read-image") { _, context in
            try await ImageResponder.readImage(of: try await receipt(context.parameters.id("receiptId")), store: store)
        }
        api.get("search") { request, _ in
            guard let q = request.uri.queryParameters.get("q"), !q.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw WebError.badRequest("search needs q, e.g. /api/v1/search?q=restaurant")
            }
            let found = try await store.nonBlocking.run { try $0.search(q) }
            return try JSONBody.response(["receipts": found.map { ReceiptJSON($0, threshold: threshold) }])
        }
        api.get("events/:eventId/report") { request, context in
            let event = try await event(context.parameters.id("eventId"))
            let asked = try ReportDownload.Request { request.uri.queryParameters.get($0) }
            return try await ReportDownload.make(for: event, asked, store: store).response()
        }
        api.get("reports/summary") { request, _ in
            let query = try SummaryQuery { request.uri.queryParameters.get($0) }
            if let eventId = query.eventId { _ = try await event(eventId) }
            let summary = try await query.summary(store: store)
            return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
                            body: .init(byteBuffer: ByteBuffer(bytes: JSONRenderer.render(summary.document()))))
        }
    }

    private func listEvents() async throws -> Response {
        let (events, totals, review) = try await store.nonBlocking.run { store in
            (try store.events(), try store.totals(), try store.receiptSummaries(status: .needsReview))
        }
        let byEvent = Dictionary(grouping: totals, by: \.eventId)
        let reviewByEvent = Dictionary(grouping: review, by: \.eventId)
        return try JSONBody.response(["events": events.map {
            EventJSON($0, totals: byEvent[$0.id ?? 0] ?? [], needsReview: reviewByEvent[$0.id ?? 0]?.count ?? 0)
        }])
    }

    private func eventJSON(_ event: Event, status: HTTPResponse.Status = .ok) async throws -> Response {
        let (totals, review) = try await store.nonBlocking.run { store in
            (try store.totals(eventId: event.id), try store.receiptSummaries(eventId: event.id, status: .needsReview))
        }
        return try JSONBody.response(EventJSON(event, totals: totals, needsReview: review.count), status: status)
    }

    private func createEvent(_ request: Request) async throws -> Response {
        let input = try await JSONBody.decode(EventInput.self, from: request)
        guard input.name?.trimmingCharacters(in: .whitespaces).isEmpty == false else {
            throw WebError(.unprocessableContent, "an event needs a name")
        }
        let event = try input.applied(to: Event(name: ""))
        let created = try await store.nonBlocking.run { try $0.createEvent(event) }
        return try await eventJSON(created, status: .created)
    }

    private func editEvent(_ request: Request, id: Int64) async throws -> Response {
        let existing = try await event(id)
        let input = try await JSONBody.decode(EventInput.self, from: request)
        let edited = try input.applied(to: existing)
        try await store.nonBlocking.run { try $0.updateEvent(edited) }
        return try await eventJSON(try await event(id))
    }

    private func setFields(_ request: Request, id: Int64) async throws -> Response {
        let patch = try await JSONBody.decode(ReceiptPatch.self, from: request)
        let current = try await receipt(id)
        let changes = try FieldChanges.resolve(patch.fields, in: current)
        if changes.isEmpty && patch.eventId == nil {
            throw WebError.badRequest("name at least one field to set, e.g. {\"fields\": {\"total\": \"@2\"}}")
        }
        if let eventId = patch.eventId { _ = try await event(eventId) }
        let saved = try await store.nonBlocking.run { try $0.setFields(changes, receiptId: id, moveTo: patch.eventId) }
        return try JSONBody.response(ReceiptJSON(saved, threshold: threshold, withText: true))
    }

    private func upload(_ request: Request, into event: Event) async throws -> Response {
        let data = try await uploads.readBody(request)
        let name = request.uri.queryParameters.get("name") ?? "upload"
        let result = await uploads.file(data, named: name, into: event)
        let body = UploadJSON(result, threshold: threshold)
        switch result.outcome {
        case .filed, .needsReview: return try JSONBody.response(body, status: .created)
        case .duplicate: return try JSONBody.response(body, status: .ok)
        case .failed(let failure):
            let status: HTTPResponse.Status = switch failure.stage {
            case .ingest: .unsupportedMediaType
            case .file: .internalServerError
            default: .unprocessableContent
            }
            return try JSONBody.response(body, status: status)
        }
    }
}

/// Field values as typed or picked ("@2"), resolved against the receipt's candidates the way
/// `rebut receipts set` resolves them; currency goes first so amounts get its decimals.
enum FieldChanges {
    static func resolve(_ raw: [String: String?], in receipt: Receipt) throws -> [(field: ReceiptField, value: String?)] {
        var changes: [(field: ReceiptField, value: String?)] = []
        for (name, value) in raw {
            guard let field = ReceiptField(rawValue: name) else {
                throw WebError(.unprocessableContent, "unknown field '\(TextSanitising.abbreviated(name))': use \(ReceiptField.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            guard let value else { changes.append((field, nil)); continue }
            do {
                changes.append((field, try CandidateChoice.resolve(value, field: field, in: receipt)))
            } catch {
                throw WebError(.unprocessableContent, "receipt #\(receipt.id ?? 0): \(error); nothing was changed")
            }
        }
        return changes.sorted { a, b in (a.field == .currency ? 0 : 1, a.field) < (b.field == .currency ? 0 : 1, b.field) }
    }
}

/// Images are found by receipt id only: the path comes from the store's row, never from the request.
enum ImageResponder {
    static func image(of receipt: Receipt, store: ExpenseStore) async throws -> Response {
        guard receipt.hasImage else { throw WebError.notFound("receipt #\(receipt.id ?? 0) was typed in and has no image") }
        let url = store.imageURL(for: receipt)
        let data: Data
        do {
            data = try await BlockingIO.run { try Data(contentsOf: url) }
        } catch {
            throw WebError.notFound("the image of receipt #\(receipt.id ?? 0) is missing from the store")
        }
        let type = mediaType(forExtension: url.pathExtension)
        return Response(status: .ok, headers: [.contentType: type, .cacheControl: "private, max-age=86400"],
                        body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static let boxSpaceHeader = HTTPField.Name("X-Rebut-Box-Space")!

    /// The image the OCR read (grey JPEG), whose pixels the receipt's boxes are in.
    static func readImage(of receipt: Receipt, store: ExpenseStore) async throws -> Response {
        let id = receipt.id ?? 0
        guard let image = try await store.nonBlocking.run({ try $0.readImage(receiptId: id) }) else {
            throw WebError.notFound(receipt.hasImage
                ? "receipt #\(id) has no read image: it was filed before read images were kept, typed in by hand, or is a PDF of several pages"
                : "receipt #\(id) was typed in and has no image")
        }
        // An API client needs the boxes' space to scale them; the JPEG may be smaller than it.
        return Response(status: .ok, headers: [.contentType: "image/jpeg", .cacheControl: "private, max-age=86400",
                                               boxSpaceHeader: "\(image.width),\(image.height)"],
                        body: .init(byteBuffer: ByteBuffer(bytes: image.jpeg)))
    }

    static func mediaType(forExtension ext: String) -> String {
        switch ext.lowercased() {
        case "jpg", "jpeg": "image/jpeg"
        case "png": "image/png"
        case "tif", "tiff": "image/tiff"
        case "webp": "image/webp"
        case "heic": "image/heic"
        case "avif": "image/avif"
        case "pdf": "application/pdf"
        default: "application/octet-stream"
        }
    }

    /// What Chromium, Firefox and Safari all show in an `<img>`.
    static func isBrowserImage(_ imagePath: String) -> Bool {
        ["jpg", "jpeg", "png", "webp", "avif"].contains((imagePath as NSString).pathExtension.lowercased())
    }
}
