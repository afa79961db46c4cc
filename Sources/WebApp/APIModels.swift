import Foundation
import Pipeline
import RebutCore
import Store

/// The JSON shapes of the API (described in `OpenAPIDocument`). Money is canonical decimal
/// text with its currency, never a JSON number.
struct EventJSON: Codable, Sendable {
    var id: Int64
    var name: String
    var kind: String
    var place: String?
    var startDate: String?
    var endDate: String?
    var currency: String?
    var active: Bool
    var receiptCount: Int
    var needsReviewCount: Int
    var totals: [TotalJSON]

    init(_ event: Event, totals lines: [TotalLine], needsReview: Int) {
        id = event.id ?? 0
        name = event.name
        kind = event.kind.rawValue
        place = event.place
        startDate = event.startDate?.iso8601
        endDate = event.endDate?.iso8601
        currency = event.currency
        active = event.active
        receiptCount = lines.reduce(0) { $0 + $1.receiptCount + $1.missingTotalCount }
        needsReviewCount = needsReview
        totals = TotalJSON.byCurrency(lines)
    }
}

struct TotalJSON: Codable, Sendable {
    var currency: String?
    var total: String
    var receiptCount: Int
    var missingTotalCount: Int

    /// One line per currency (amounts in different currencies are never added).
    static func byCurrency(_ lines: [TotalLine]) -> [TotalJSON] {
        var sums: [String: (Decimal, Int, Int)] = [:]
        for line in lines {
            let key = line.currency ?? ""
            let (total, count, missing) = sums[key] ?? (0, 0, 0)
            sums[key] = (total + line.total, count + line.receiptCount, missing + line.missingTotalCount)
        }
        return sums.keys.sorted().map { key in
            let (total, count, missing) = sums[key]!
            let currency = key.isEmpty ? nil : key
            return TotalJSON(currency: currency, total: MoneyFormat.canonical(total, currency: currency),
                             receiptCount: count, missingTotalCount: missing)
        }
    }
}

struct EventInput: Codable, Sendable {
    var name: String?
    var kind: String?
    var place: String?
    var startDate: String?
    var endDate: String?
    var currency: String?
    var active: Bool?

    /// Applies what was sent onto `event`; unknown kinds and bad dates are named.
    func applied(to event: Event) throws -> Event {
        var event = event
        if let name { event.name = name }
        if let kind {
            guard let value = EventKind(rawValue: kind.lowercased()) else {
                throw WebError(.unprocessableContent, "invalid kind '\(kind)': use trip, property, project or other")
            }
            event.kind = value
        }
        if let place { event.place = place.isEmpty ? nil : place }
        if let startDate { event.startDate = try Self.day(startDate, "startDate") }
        if let endDate { event.endDate = try Self.day(endDate, "endDate") }
        if let currency { event.currency = currency.isEmpty ? nil : currency }
        if let active { event.active = active }
        return event
    }

    static func day(_ text: String, _ field: String) throws -> LocalDate? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return nil }
        guard let day = LocalDate(iso8601: trimmed) else {
            throw WebError(.unprocessableContent, "invalid \(field) '\(TextSanitising.abbreviated(trimmed))': use YYYY-MM-DD")
        }
        return day
    }
}

struct ReceiptJSON: Codable, Sendable {
    var id: Int64
    var eventId: Int64
    var fileName: String
    var vendor: String?
    var date: String?
    var total: String?
    var currency: String?
    var payment: String?
    var tax: String?
    var category: String?
    var status: String
    /// Vendor, date or total missing or below the review threshold.
    var uncertainFields: [String]
    var confidence: [String: Double]
    var imageURL: String?
    var ocrText: String?
    var createdAt: Date
    var updatedAt: Date

    init(_ r: Receipt, threshold: Double, withText: Bool = false) {
        self.init(ReceiptSummary(r), threshold: threshold)
        ocrText = withText ? r.ocrText : nil
    }

    init(_ r: ReceiptSummary, threshold: Double) {
        id = r.id
        eventId = r.eventId
        fileName = r.fileName
        vendor = r.vendor
        date = r.date?.iso8601
        total = r.value(of: .total)
        currency = r.currency
        payment = r.payment
        tax = r.value(of: .tax)
        category = r.category
        status = r.status.rawValue
        uncertainFields = ReceiptView.uncertainFields(r, threshold: threshold).map(\.rawValue)
        confidence = r.confidence
        imageURL = r.hasImage ? "/api/v1/receipts/\(id)/image" : nil
        ocrText = nil
        createdAt = r.createdAt
        updatedAt = r.updatedAt
    }
}

struct CandidatesJSON: Codable, Sendable {
    struct Field: Codable, Sendable {
        var field: String
        var value: String?
        var confidence: Double?
        var uncertain: Bool
        var candidates: [CandidateJSON]
    }
    struct CandidateJSON: Codable, Sendable {
        var rank: Int
        var value: String
        var score: Double
        var line: String
        var lineIndex: Int?
    }
    struct Line: Codable, Sendable {
        var index: Int
        var text: String
        var box: Box?
        var words: [Word]
    }
    var receiptId: Int64
    var fields: [Field]
    /// The OCR lines with their boxes and word boxes, in the cleaned image's pixels.
    var lines: [Line]

    init(_ r: Receipt, threshold: Double) {
        receiptId = r.id ?? 0
        let uncertain = Set(ReceiptView.uncertainFields(ReceiptSummary(r), threshold: threshold))
        fields = ReceiptField.allCases.map { field in
            Field(field: field.rawValue, value: r.value(of: field), confidence: r.confidence[field.rawValue],
                  uncertain: uncertain.contains(field),
                  candidates: (r.candidates[field.rawValue] ?? []).enumerated().map { i, c in
                      CandidateJSON(rank: i + 1, value: c.value, score: c.score, line: c.line, lineIndex: c.lineIndex)
                  })
        }
        lines = r.ocrLines.enumerated().map { i, line in Line(index: i, text: line.text, box: line.box, words: line.words) }
    }
}

/// `PATCH /api/v1/receipts/{id}`: each field a value, "@N" for candidate N, or null to clear.
struct ReceiptPatch: Decodable, Sendable {
    var fields: [String: String?]
    var eventId: Int64?
}

struct UploadJSON: Codable, Sendable {
    var file: String
    /// filed, needs_review, duplicate or failed.
    var outcome: String
    var receipt: ReceiptJSON?
    var error: String?
    var stage: String?
    var notes: [String]

    init(_ result: FilingResult, threshold: Double) {
        file = result.source.lastPathComponent
        notes = result.notes
        switch result.outcome {
        case .filed: outcome = "filed"
        case .needsReview: outcome = "needs_review"
        case .duplicate: outcome = "duplicate"
        case .failed(let failure):
            outcome = "failed"
            error = failure.reason
            stage = failure.stage.rawValue
        }
        receipt = result.receipt.map { ReceiptJSON($0, threshold: threshold) }
    }
}

enum ReceiptView {
    static func uncertainFields(_ r: ReceiptSummary, threshold: Double) -> [ReceiptField] {
        ReviewRule.uncertainFields(threshold: threshold, isPresent: { r.value(of: $0) != nil },
                                   confidence: { r.confidence[$0.rawValue] })
    }
}
