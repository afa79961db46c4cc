import Foundation
import Hummingbird
import NIOCore
import RebutCore
import Store

/// The server-rendered pages. Every write goes through the same Store calls as the CLI.
struct PageRoutes: StoreLookup {
    let store: ExpenseStore
    let categories: [String]

    var threshold: Double { store.reviewThreshold }

    func register(on router: Router<WebContext>) {
        router.get("/") { _, _ in Response.redirect(to: "/events", type: .found) }
        router.get("events") { request, context in try await eventsPage(context, error: nil) }
        router.post("events") { request, context in try await createEvent(request, context) }
        router.get("events/:eventId") { request, context in
            try await eventPage(try context.parameters.id("eventId"), request: request, context: context, error: nil)
        }
        router.post("events/:eventId") { request, context in try await editEvent(request, context) }
        router.get("receipts/:receiptId") { _, context in try await receiptPage(context) }
        router.get("receipts/:receiptId/image") { _, context in
            try await ImageResponder.image(of: try await receipt(context.parameters.id("receiptId")), store: store)
        }
        router.get("receipts/:receiptId/read-image") { _, context in
            try await ImageResponder.readImage(of: try await receipt(context.parameters.id("receiptId")), store: store)
        }
        router.get("receipts/:receiptId/review") { _, context in
            try await reviewPage(try await receipt(context.parameters.id("receiptId")), context: context, error: nil)
        }
        router.post("receipts/:receiptId/review") { request, context in try await saveReview(request, context) }
        router.get("review") { request, context in try await nextToReview(request, context) }
        router.get("search") { request, context in try await searchPage(request, context) }
        router.get("upload") { request, context in try await uploadPage(request, context) }
        router.get("reports") { request, context in try await reportsPage(request, context) }
    }

    // MARK: rendering

    func page(_ title: String, _ template: String, _ values: [String: Any], context: WebContext,
              status: HTTPResponse.Status = .ok, script: String? = nil, query: String = "") -> Response {
        var values = values
        values["csrf"] = context.csrfToken
        let body = Templates.render(template, values)
        var layout: [String: Any] = ["title": title, "body": body, "csrf": context.csrfToken, "query": query]
        if case .session = context.access { layout["loggedIn"] = true }
        if let script { layout["script"] = script }
        let html = Templates.render("layout", layout)
        return Response(status: status, headers: [.contentType: "text/html; charset=utf-8"],
                        body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    static func seeOther(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location])
    }

    // MARK: events

    func eventsPage(_ context: WebContext, error: String?, status: HTTPResponse.Status = .ok) async throws -> Response {
        let (events, totals, review) = try await store.nonBlocking.run { store in
            (try store.events(), try store.totals(), try store.receiptSummaries(status: .needsReview))
        }
        let byEvent = Dictionary(grouping: totals, by: \.eventId)
        let reviewByEvent = Dictionary(grouping: review, by: \.eventId)
        let rows: [[String: Any]] = events.map { event in
            let json = EventJSON(event, totals: byEvent[event.id ?? 0] ?? [], needsReview: reviewByEvent[event.id ?? 0]?.count ?? 0)
            return ["id": json.id, "name": json.name, "kind": json.kind, "place": json.place ?? "",
                    "dates": Self.dates(event), "receiptCount": json.receiptCount,
                    "needsReviewCount": json.needsReviewCount == 0 ? false : json.needsReviewCount as Any,
                    "totals": json.totals.map { ["text": "\($0.total) \($0.currency ?? "")"] }]
        }
        var values: [String: Any] = ["events": rows, "kinds": EventKind.allCases.map(\.rawValue)]
        if let error { values["error"] = error }
        return page("Events", "events", values, context: context, status: status)
    }

    static func dates(_ event: Event) -> String {
        switch (event.startDate, event.endDate) {
        case (let start?, let end?): return "\(start.iso8601) – \(end.iso8601)"
        case (let start?, nil): return "from \(start.iso8601)"
        default: return ""
        }
    }

    private func eventFrom(_ form: FormBody, base: Event) throws -> Event {
        let input = EventInput(name: form["name"] ?? "", kind: form["kind"], place: form["place"] ?? "",
                               startDate: form["startDate"] ?? "", endDate: form["endDate"] ?? "",
                               currency: form["currency"] ?? "", active: base.id == nil ? nil : form["active"] == "1")
        return try input.applied(to: base)
    }

    private func createEvent(_ request: Request, _ context: WebContext) async throws -> Response {
        let form = try await FormBody.read(request, context: context)
        do {
            let event = try eventFrom(form, base: Event(name: ""))
            let created = try await store.nonBlocking.run { try $0.createEvent(event) }
            return Self.seeOther("/events/\(created.id ?? 0)")
        } catch let error as StoreError {
            return try await eventsPage(context, error: "\(error)", status: .unprocessableContent)
        } catch let error as WebError {
            return try await eventsPage(context, error: error.message, status: error.status)
        }
    }

    private func editEvent(_ request: Request, _ context: WebContext) async throws -> Response {
        let id = try context.parameters.id("eventId")
        let form = try await FormBody.read(request, context: context)
        let existing = try await event(id)
        do {
            let edited = try eventFrom(form, base: existing)
            try await store.nonBlocking.run { try $0.updateEvent(edited) }
            return Self.seeOther("/events/\(id)")
        } catch let error as StoreError {
            return try await eventPage(id, request: request, context: context, error: "\(error)", status: .unprocessableContent)
        } catch let error as WebError {
            return try await eventPage(id, request: request, context: context, error: error.message, status: error.status)
        }
    }

    func eventPage(_ id: Int64, request: Request, context: WebContext, error: String?,
                   status: HTTPResponse.Status = .ok) async throws -> Response {
        let event = try await event(id)
        let query = error == nil ? try ReceiptQuery { request.uri.queryParameters.get($0) } : try ReceiptQuery { _ in nil }
        let (all, totals) = try await store.nonBlocking.run { store in
            (try store.receiptSummaries(eventId: id), try store.totals(eventId: id))
        }
        // One read for the list, the counts and the category choices; filtered here as the store filters.
        let shown = query.apply(all.filter { r in
            (query.status.map { r.status == $0 } ?? true) && (query.category.map { r.category == $0.lowercased() } ?? true)
        })
        let needsReview = all.filter { $0.status == .needsReview }.count
        let usedCategories = Set(all.compactMap(\.category)).union(categories).sorted()
        var eventValues: [String: Any] = ["id": id, "name": event.name, "kind": event.kind.rawValue, "active": event.active]
        if let place = event.place { eventValues["place"] = place }
        if let currency = event.currency { eventValues["currency"] = currency }
        if let start = event.startDate { eventValues["startDate"] = start.iso8601 }
        if let end = event.endDate { eventValues["endDate"] = end.iso8601 }
        let sortValue = (query.descending ? "-" : "") + query.sort.rawValue
        var values: [String: Any] = [
            "event": eventValues,
            "meta": [Self.dates(event), event.place ?? "", event.currency ?? ""].filter { !$0.isEmpty }.joined(separator: " · "),
            "needsReview": needsReview == 0 ? false : needsReview as Any, "plural": needsReview == 1 ? "" : "s",
            "totals": totals.map { line -> [String: Any] in
                ["category": line.category ?? "(none)", "currency": line.currency ?? "?",
                 "total": MoneyFormat.canonical(line.total, currency: line.currency),
                 "count": line.receiptCount, "missing": line.missingTotalCount]
            },
            "statuses": ReceiptStatus.allCases.map { s -> [String: Any] in
                ["value": s.rawValue, "label": s == .needsReview ? "needs review" : "filed", "selected": s == query.status]
            },
            "categories": usedCategories.map { c -> [String: Any] in ["value": c, "selected": c == query.category] },
            "sorts": ReceiptQuery.Sort.allCases.flatMap { s -> [[String: Any]] in
                [["value": s.rawValue, "label": "\(s.rawValue) ↑", "selected": sortValue == s.rawValue],
                 ["value": "-" + s.rawValue, "label": "\(s.rawValue) ↓", "selected": sortValue == "-" + s.rawValue]]
            },
            "kinds": EventKind.allCases.map { k -> [String: Any] in ["value": k.rawValue, "selected": k == event.kind] },
            "receipts": shown.map(Self.row),
            "filtered": query.status != nil || query.category != nil,
            "downloads": Self.downloadLinks(for: event),
        ]
        if let error { values["error"] = error }
        return page(event.name, "event", values, context: context, status: status)
    }

    static func row(_ r: ReceiptSummary) -> [String: Any] {
        ["id": r.id, "vendor": r.vendor ?? "(no vendor)", "date": r.date?.iso8601 ?? "",
         "amount": r.value(of: .total).map { "\($0) \(r.currency ?? "")" } ?? "", "category": r.category ?? "",
         "review": r.status == .needsReview, "status": r.status == .needsReview ? "needs review" : "filed",
         "thumb": ImageResponder.isBrowserImage(r.imagePath), "ext": (r.imagePath as NSString).pathExtension.uppercased()]
    }

    // MARK: receipts

    /// What the image, the boxes and the OCR text need, shared by the receipt page and the picker.
    /// The boxes are drawn on the image the OCR read, in whose pixels they are; a receipt filed
    /// before read images were kept shows its original with the estimate of `estimatedExtent`.
    private func receiptValues(_ r: Receipt, event: Event) async throws -> [String: Any] {
        let id = r.id ?? 0
        let readSize = try await store.nonBlocking.run { try $0.readImageSize(receiptId: id) }
        let browserImage = ImageResponder.isBrowserImage(r.imagePath)
        let extent = readSize ?? Self.estimatedExtent(r.ocrLines)
        var values: [String: Any] = [
            "id": id, "eventId": r.eventId, "eventName": event.name, "fileName": r.fileName,
            "browserImage": browserImage, "hasImage": r.hasImage, "readImage": readSize != nil,
            "showImage": readSize != nil || browserImage,
            "imageSrc": readSize != nil ? "/receipts/\(id)/read-image" : "/receipts/\(id)/image",
            "ext": (r.imagePath as NSString).pathExtension.uppercased(),
            "extent": "\(extent.width),\(extent.height)",
            "lines": r.ocrLines.enumerated().map { i, line -> [String: Any] in
                ["index": i, "text": line.text.isEmpty ? " " : line.text,
                 "box": line.box.map { "\($0.x),\($0.y),\($0.width),\($0.height)" } ?? "",
                 "words": line.words.map { "\($0.box.x),\($0.box.y),\($0.box.width),\($0.box.height)" }.joined(separator: ";")]
            },
        ]
        values["original"] = browserImage ? "photo" : "file"
        return values
    }

    /// The cleaned image's size guessed from the boxes: the text's extent with equal margins on
    /// both sides (a receipt's text is centred on its paper). Right on a pre-cropped scan, rough
    /// on a photo with background; only for receipts without a read image.
    static func estimatedExtent(_ lines: [TextLine]) -> (width: Int, height: Int) {
        let boxes = lines.compactMap(\.box)
        let width = (boxes.map { $0.x + $0.width }.max() ?? 0) + (boxes.map(\.x).min() ?? 0)
        let height = (boxes.map { $0.y + $0.height }.max() ?? 0) + (boxes.map(\.y).min() ?? 0)
        return (width, height)
    }

    private func receiptPage(_ context: WebContext) async throws -> Response {
        let r = try await receipt(context.parameters.id("receiptId"))
        let event = try await event(r.eventId)
        let uncertain = Set(ReceiptView.uncertainFields(ReceiptSummary(r), threshold: threshold))
        var values = try await receiptValues(r, event: event)
        values["status"] = r.status == .needsReview ? "needs review" : "filed"
        values["statusClass"] = r.status == .needsReview ? "review" : "filed"
        values["fields"] = ReceiptField.allCases.map { field -> [String: Any] in
            ["name": field.rawValue, "value": r.value(of: field) ?? "—", "uncertain": uncertain.contains(field),
             "confidence": r.confidence[field.rawValue].map { String(format: "%.0f%%", $0 * 100) } ?? ""]
        }
        return page("Receipt #\(r.id ?? 0)", "receipt", values, context: context, script: "/static/picker.js")
    }

    /// The fields the picker offers: the uncertain required ones first, then any other field
    /// with candidates.
    static func pickerFields(_ r: Receipt, threshold: Double) -> [(ReceiptField, uncertain: Bool)] {
        let uncertain = ReceiptView.uncertainFields(ReceiptSummary(r), threshold: threshold)
        let others = ReceiptField.allCases.filter { field in
            field != .category && !uncertain.contains(field) && !(r.candidates[field.rawValue] ?? []).isEmpty
        }
        return uncertain.map { ($0, true) } + others.map { ($0, false) }
    }

    func reviewPage(_ r: Receipt, context: WebContext, error: String?, status: HTTPResponse.Status = .ok) async throws -> Response {
        let event = try await event(r.eventId)
        var values = try await receiptValues(r, event: event)
        values["fields"] = Self.pickerFields(r, threshold: threshold).map { field, uncertain -> [String: Any] in
            let current = r.value(of: field)
            let candidates = (r.candidates[field.rawValue] ?? []).prefix(9).enumerated().map { i, c -> [String: Any] in
                ["name": field.rawValue, "rank": i + 1, "value": c.value, "score": String(format: "%.2f", c.score),
                 "line": c.line, "lineIndex": c.lineIndex.map(String.init) ?? "",
                 // Saving confirms what is shown: the current value's candidate, else the best one.
                 "chosen": uncertain && (current == nil ? i == 0 : c.value == current)]
            }
            let why = current == nil ? "missing" : "uncertain"
            return ["name": field.rawValue, "uncertain": uncertain, "why": why, "current": current ?? "—",
                    "candidates": candidates, "anyChosen": candidates.contains { $0["chosen"] as? Bool == true },
                    "placeholder": Self.placeholder(field)]
        }
        values["category"] = r.category ?? "none"
        values["categories"] = categories
        if let error { values["error"] = error }
        return page("Review #\(r.id ?? 0)", "review", values, context: context, status: status, script: "/static/picker.js")
    }

    static func placeholder(_ field: ReceiptField) -> String {
        switch field {
        case .date: "YYYY-MM-DD"
        case .total, .tax: "12.50"
        case .currency: "EUR"
        case .payment: "card"
        case .vendor: "vendor name"
        case .category: ""
        }
    }

    /// Saves the picker's choices in one transaction, as `rebut receipts set` does, then goes to
    /// the next receipt of the event that needs review.
    private func saveReview(_ request: Request, _ context: WebContext) async throws -> Response {
        let id = try context.parameters.id("receiptId")
        let form = try await FormBody.read(request, context: context)
        let r = try await receipt(id)
        var raw: [String: String?] = [:]
        for (field, _) in Self.pickerFields(r, threshold: threshold) {
            switch form[field.rawValue] ?? "" {
            case "": continue
            case "typed":
                if let typed = form.text(field.rawValue + "_typed") { raw[field.rawValue] = typed }
            case let choice: raw[field.rawValue] = choice
            }
        }
        if let category = form.text("category") { raw["category"] = category }
        do {
            let changes = try FieldChanges.resolve(raw, in: r)
            if !changes.isEmpty {
                _ = try await store.nonBlocking.run { try $0.setFields(changes, receiptId: id) }
            }
        } catch let error as WebError {
            return try await reviewPage(r, context: context, error: error.message, status: error.status)
        } catch let error as ExpenseStore.FieldRefused {
            return try await reviewPage(r, context: context, error: "\(error); nothing was saved", status: .unprocessableContent)
        }
        let next = try await store.nonBlocking.run { store in
            try store.receiptSummaries(eventId: r.eventId, status: .needsReview).first { $0.id != id }
        }
        return Self.seeOther(next.map { "/receipts/\($0.id)/review" } ?? "/events/\(r.eventId)")
    }

    private func nextToReview(_ request: Request, _ context: WebContext) async throws -> Response {
        let eventId = request.uri.queryParameters.get("event").flatMap { Int64($0) }
        let next = try await store.nonBlocking.run { try $0.receiptSummaries(eventId: eventId, status: .needsReview).first }
        if let next { return Self.seeOther("/receipts/\(next.id)/review") }
        return page("Review", "message", ["heading": "Nothing to review",
                                          "text": "Every receipt\(eventId == nil ? "" : " of this event") is filed.",
                                          "link": ["href": eventId.map { "/events/\($0)" } ?? "/events", "label": "Back"]],
                    context: context)
    }

    // MARK: search, upload

    private func searchPage(_ request: Request, _ context: WebContext) async throws -> Response {
        let query = (request.uri.queryParameters.get("q") ?? "").trimmingCharacters(in: .whitespaces)
        let found = query.isEmpty ? [] : try await store.nonBlocking.run { try $0.search(query) }
        return page("Search", "search", ["query": query, "searched": !query.isEmpty, "count": found.count,
                                         "plural": found.count == 1 ? "" : "s", "receipts": found.map { Self.row(ReceiptSummary($0)) }],
                    context: context, query: query)
    }

    private func uploadPage(_ request: Request, _ context: WebContext) async throws -> Response {
        let chosen = request.uri.queryParameters.get("event").flatMap { Int64($0) }
        let events = try await store.nonBlocking.run { try $0.events() }.filter(\.active)
        let rows = events.map { e -> [String: Any] in ["id": e.id ?? 0, "name": e.name, "selected": e.id == chosen] }
        return page("Upload", "upload", ["events": rows], context: context, script: "/static/upload.js")
    }
}
