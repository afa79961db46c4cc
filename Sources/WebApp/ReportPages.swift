import Foundation
import Hummingbird
import RebutCore
import Rental
import Reports
import Store

/// The reports in the pages: each event's downloads (served by the API's report route, the same
/// code as `rebut report`), and /reports with spending summaries for a date range.
extension PageRoutes {
    /// The links for one event: a trip's claim in each format; a flat's current quarter and year;
    /// a project's estimate.
    static func downloadLinks(for event: Event, today: LocalDate = .containing(Date())) -> [[String: Any]] {
        guard let id = event.id else { return [] }
        let base = "/api/v1/events/\(id)/report?format="
        switch event.kind {
        case .trip, .other:
            return [("PDF", "pdf"), ("CSV", "csv"), ("JSON", "json"), ("ZIP (PDF, CSV, images)", "zip")]
                .map { ["label": $0.0, "href": base + $0.1, "format": $0.1] }
        case .property:
            let quarter = Quarter(containing: today).description
            return [["label": "\(quarter) PDF", "href": base + "pdf&quarter=\(quarter)", "format": "pdf"],
                    ["label": "\(today.year) PDF", "href": base + "pdf&year=\(today.year)", "format": "pdf"],
                    ["label": "\(today.year) CSV", "href": base + "csv&year=\(today.year)", "format": "csv"],
                    ["label": "\(today.year) JSON", "href": base + "json&year=\(today.year)", "format": "json"]]
        case .project:
            return [("PDF", "pdf"), ("CSV", "csv"), ("JSON", "json")].map { ["label": $0.0, "href": base + $0.1, "format": $0.1] }
        }
    }

    /// Spending by category, month and payment for the range in the form, and every event's downloads.
    func reportsPage(_ request: Request, _ context: WebContext) async throws -> Response {
        let parameter = { (name: String) in request.uri.queryParameters.get(name) }
        let range: SummaryQuery
        do {
            range = try SummaryQuery(parameter, defaultGrouping: .category)
        } catch let error as WebError {
            return page("Reports", "message", ["heading": "Reports", "text": error.message, "link": ["href": "/reports", "label": "All dates"]],
                        context: context, status: error.status)
        }
        let groupings: [SpendingSummary.Grouping] = [.category, .month, .payment]
        let (summaries, events) = try await store.nonBlocking.run { store in
            (try groupings.map { try SpendingSummary.build(store: store, by: $0, from: range.from, to: range.to, eventId: nil, currency: nil) },
             try store.events())
        }
        let values: [String: Any] = [
            "from": range.from?.iso8601 ?? "", "to": range.to?.iso8601 ?? "",
            "summaries": summaries.map { summary -> [String: Any] in
                ["grouping": summary.grouping.rawValue, "heading": "By \(summary.grouping.rawValue)",
                 "json": "/api/v1/reports/summary?by=\(summary.grouping.rawValue)"
                     + (range.from.map { "&from=\($0.iso8601)" } ?? "") + (range.to.map { "&to=\($0.iso8601)" } ?? ""),
                 "lines": summary.lines.map { line -> [String: Any] in
                     ["key": line.key, "count": line.count, "total": MoneyFormat.canonical(line.total, currency: line.currency),
                      "currency": line.currency, "share": "\(NSDecimalNumber(decimal: line.share * 100).intValue)%"]
                 },
                 "leftOut": summary.leftOut.count == 0 ? false : summary.leftOut.count as Any]
            },
            "events": events.map { event -> [String: Any] in
                ["id": event.id ?? 0, "name": event.name, "kind": event.kind.rawValue, "downloads": Self.downloadLinks(for: event)]
            },
        ]
        return page("Reports", "reports", values, context: context)
    }
}

extension Templates {
    static let reports = """
    <h1>Reports</h1>
    <form method="get" action="/reports" class="filters" id="report-range">
      <label>From <input name="from" type="date" value="{{from}}"></label>
      <label>To <input name="to" type="date" value="{{to}}"></label>
      <button type="submit">Show</button>
    </form>
    {{#summaries}}
    <section class="summary" data-grouping="{{grouping}}">
    <h2>{{heading}} <a class="small" href="{{json}}">JSON</a></h2>
    <table class="list compact"><thead><tr><th>{{grouping}}</th><th class="num">Receipts</th><th class="num">Total</th><th>Currency</th><th class="num">Share</th></tr></thead>
    <tbody>{{#lines}}<tr><td>{{key}}</td><td class="num">{{count}}</td><td class="num">{{total}}</td><td>{{currency}}</td><td class="num">{{share}}</td></tr>{{/lines}}
    {{^lines}}<tr><td colspan="5" class="empty">No receipts with a total in these dates.</td></tr>{{/lines}}</tbody></table>
    {{#leftOut}}<p class="meta">{{leftOut}} receipt(s) left out (no total or no rate).</p>{{/leftOut}}
    </section>
    {{/summaries}}
    <section class="downloads">
    <h2>Downloads</h2>
    <table class="list compact"><thead><tr><th>Event</th><th>Kind</th><th>Reports</th></tr></thead>
    <tbody>{{#events}}<tr data-event="{{id}}"><td><a href="/events/{{id}}">{{name}}</a></td><td>{{kind}}</td>
    <td>{{#downloads}}<a class="download" href="{{href}}" download data-format="{{format}}">{{label}}</a> {{/downloads}}</td></tr>{{/events}}
    {{^events}}<tr><td colspan="3" class="empty">No events yet.</td></tr>{{/events}}</tbody></table>
    </section>
    """
}
