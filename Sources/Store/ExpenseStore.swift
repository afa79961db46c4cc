import Foundation
import GRDB
import RebutCore

/// The receipts and events on disk: one SQLite file plus an `images/` folder beside it.
///
/// Safe across processes (the folder watcher and the CLI may run at once): a `DatabasePool` in
/// WAL mode lets readers proceed during writes, writes are IMMEDIATE transactions, and a busy
/// timeout makes a second writer wait instead of failing.
public final class ExpenseStore: Sendable {
    /// The folder holding the database file and `images/`.
    public let folder: URL
    public let databaseURL: URL
    /// Minimum confidence for vendor, date and total before a receipt counts as filed.
    public let reviewThreshold: Double
    /// Category ids `setField(.category, …)` accepts; nil accepts any well-formed id.
    public let knownCategories: Set<String>?

    let dbPool: DatabasePool
    let images: ImageFiles

    public init(path: URL, reviewThreshold: Double = 0.5, knownCategories: Set<String>? = nil,
                busyTimeout: TimeInterval = 10) throws {
        let folder = path.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("images"),
                                                withIntermediateDirectories: true)
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.foreignKeysEnabled = true
        configuration.label = "rebut.store"
        let pool = try DatabasePool(path: path.path, configuration: configuration)
        try Schema.migrator.migrate(pool)

        self.folder = folder
        self.databaseURL = path
        self.reviewThreshold = reviewThreshold
        self.knownCategories = knownCategories
        self.dbPool = pool
        self.images = ImageFiles(folder: folder)
    }

    /// Where the store lives unless the user says otherwise: `REBUT_STORE` if set, else
    /// `$XDG_DATA_HOME/rebut/rebut.sqlite`, else `~/.local/share/rebut/rebut.sqlite`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let explicit = environment["REBUT_STORE"], !explicit.isEmpty {
            return URL(fileURLWithPath: (explicit as NSString).expandingTildeInPath)
        }
        let dataHome: URL
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty, xdg.hasPrefix("/") {
            dataHome = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            dataHome = URL(fileURLWithPath: home, isDirectory: true)
                .appendingPathComponent(".local/share", isDirectory: true)
        }
        return dataHome.appendingPathComponent("rebut/rebut.sqlite")
    }

    public func imageURL(for receipt: Receipt) -> URL {
        images.url(receipt.imagePath)
    }
}
