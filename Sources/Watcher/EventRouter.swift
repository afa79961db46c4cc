import Foundation
import RebutCore
import Store

/// Which event a dropped file belongs to: its subfolder's name, else `--event`, else the
/// active event whose dates contain the receipt's date, else "Inbox".
public struct EventRouter: Sendable {
    public static let inboxName = "Inbox"

    public enum Route: Sendable, Equatable {
        /// Known before reading the receipt.
        case named(String)
        /// Needs the receipt's date, so it is decided after OCR.
        case byDate
    }

    public let folder: WatchedFolder
    public let fixedEvent: String?

    public init(folder: WatchedFolder, fixedEvent: String? = nil) {
        self.folder = folder
        let trimmed = fixedEvent?.trimmingCharacters(in: .whitespacesAndNewlines)
        self.fixedEvent = trimmed?.isEmpty == true ? nil : trimmed
    }

    public func route(for url: URL) -> Route {
        if let subfolder = folder.subfolderEvent(for: url) { return .named(subfolder) }
        if let fixedEvent { return .named(fixedEvent) }
        return .byDate
    }

    /// The stored event for a route; named events are created (kind other) when new.
    public func event(for route: Route, date: LocalDate?, in store: ExpenseStore) throws -> Event {
        switch route {
        case .named(let name):
            return try store.ensureEvent(named: name, kind: .other)
        case .byDate:
            if let date, let event = try store.eventContaining(date: date) { return event }
            return try store.ensureEvent(named: Self.inboxName, kind: .other)
        }
    }
}
