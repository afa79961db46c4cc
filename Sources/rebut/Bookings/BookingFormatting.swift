import DomainReports
import Foundation
import RebutCore
import Rental
import Store

enum BookingFormatting {
    /// "#7  2025-01-10 → 2025-01-13  3 nights  2 adults 1 child  420.00 EUR  Anna (airbnb)"
    static func row(_ b: Booking) -> String {
        let children = b.children == 0 ? "" : " \(b.children) \(b.children == 1 ? "child" : "children")"
        let who = [b.guest, b.channel.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
        return "#\(b.id ?? 0)  \(b.checkIn) → \(b.checkOut)  \(b.nights) night\(b.nights == 1 ? "" : "s")  "
            + "\(b.adults) adult\(b.adults == 1 ? "" : "s")\(children)  \(MoneyFormat.canonical(b.amount, currency: b.currency)) \(b.currency)"
            + (who.isEmpty ? "" : "  \(who)")
    }

    static func json(_ b: Booking) -> [String: Any] { BookingJSON.object(b) }

    /// The booking and its flat, or a clear error (exit 2).
    static func find(_ id: Int64, in store: ExpenseStore) throws -> (booking: Booking, eventId: Int64) {
        if let found = try store.booking(id: id) { return found }
        printError("rebut: no booking with id \(id) (see `rebut bookings list FLAT`)")
        throw RebutExit.notFound
    }

    /// A flat by name: the event must exist and be of kind property.
    static func property(_ name: String, in store: ExpenseStore) throws -> Event {
        let event = try EventLookup.find(name, in: store)
        guard event.kind == .property else {
            printError("rebut: \(event.name) is a \(event.kind.rawValue), not a flat (rebut events edit \"\(event.name)\" --kind property)")
            throw RebutExit.notFound
        }
        return event
    }
}

