import Foundation
import GRDB
import RebutCore
import Synchronization

/// The receipts and events on disk: one SQLite file plus the image folder that belongs to it
/// alone (`NAME.images/` beside `NAME.sqlite`), so two stores in one folder never touch each
/// other's images.
///
/// Safe across processes (the folder watcher and the CLI may run at once): a `DatabasePool` in
/// WAL mode lets readers proceed during writes, writes are IMMEDIATE transactions, and a busy
/// timeout makes a second writer wait instead of failing.
public final class ExpenseStore: Sendable {
    /// How a command means to use the store.
    public enum OpenMode: Sendable {
        /// Filing commands: a missing store is created.
        case create
        /// Commands that change an existing store: a missing one is an error, never created.
        case existing
        /// Commands that only read: a missing store is an error; a store the user may not write
        /// (read-only file or folder) is still readable.
        case readOnly
    }

    /// The folder holding the database file.
    public let folder: URL
    public let databaseURL: URL
    /// This store's own image folder (`NAME.images/`).
    public let imagesFolder: URL
    /// Minimum confidence for vendor, date and total before a receipt counts as filed.
    public let reviewThreshold: Double
    /// Category ids `setField(.category, …)` accepts; nil accepts any well-formed id.
    public let knownCategories: Set<String>?
    /// True when the store was opened without write access.
    public let isReadOnly: Bool

    private let database: any DatabaseWriter
    let images: ImageFiles
    /// Synchronous store calls made from inside a Swift task (see `nonBlocking`): a diagnostic
    /// the tests read to check that the filing path never blocks the cooperative pool.
    private let blockingCalls = Atomic<Int>(0)

    /// Every synchronous use of the database passes here.
    var dbPool: any DatabaseWriter {
        if BlockingIO.isInsideTask { blockingCalls.add(1, ordering: .relaxed) }
        return database
    }

    public var blockingCallsInsideTasks: Int { blockingCalls.load(ordering: .relaxed) }

    public init(path: URL, mode: OpenMode = .create, reviewThreshold: Double = ReviewRule.threshold,
                knownCategories: Set<String>? = nil, busyTimeout: TimeInterval = 10) throws {
        guard !path.path.isEmpty, path.lastPathComponent != "/", !path.hasDirectoryPath || mode == .create else {
            throw StoreError.notAStore(path: path.path, reason: "it is a folder, not a database file")
        }
        let folder = path.deletingLastPathComponent()
        let imagesFolder = Self.imagesFolder(forDatabase: path)
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        let exists = fm.fileExists(atPath: path.path, isDirectory: &isDirectory)
        if isDirectory.boolValue {
            throw StoreError.notAStore(path: path.path, reason: "it is a folder, not a database file")
        }
        if !exists && mode != .create { throw StoreError.storeNotFound(path.path) }

        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.foreignKeysEnabled = true
        configuration.label = "rebut.store"
        let writable = mode == .create || (access(path.path, W_OK) == 0 && access(folder.path, W_OK) == 0)
        let migrator = Schema.migrator(imagesFolder: imagesFolder, legacyImagesFolder: folder.appendingPathComponent("images"))
        let database: any DatabaseWriter
        do {
            if mode == .readOnly && !writable {
                configuration.readonly = true
                database = try DatabaseQueue(path: path.path, configuration: configuration)
                guard try database.read({ try migrator.hasCompletedMigrations($0) }) else {
                    throw StoreError.permissionDenied(path: path.path,
                        reason: "this store is from an older Rebut and must be upgraded, which needs write access")
                }
            } else {
                try fm.createDirectory(at: imagesFolder, withIntermediateDirectories: true)
                let pool = try DatabasePool(path: path.path, configuration: configuration)
                try migrator.migrate(pool)
                database = pool
            }
        } catch let error as StoreError {
            throw error
        } catch let error as DatabaseError where [.SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH]
                    .contains(error.resultCode) {
            throw StoreError.permissionDenied(path: path.path, reason: "permission denied (\(error.message ?? "\(error.resultCode)"))")
        } catch let error as CocoaError where error.code == .fileWriteNoPermission {
            throw StoreError.permissionDenied(path: imagesFolder.path, reason: "permission denied")
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            throw StoreError.notAStore(path: path.path, reason: "the file is not an SQLite database")
        }

        self.folder = folder
        self.databaseURL = path
        self.imagesFolder = imagesFolder
        self.reviewThreshold = reviewThreshold
        self.knownCategories = knownCategories
        self.isReadOnly = mode == .readOnly && !writable
        self.database = database
        self.images = ImageFiles(folder: imagesFolder)
    }

    /// `store.sqlite` → `store.images/`; a name without an extension gets `.images` added.
    public static func imagesFolder(forDatabase path: URL) -> URL {
        let base = path.deletingPathExtension().lastPathComponent
        return path.deletingLastPathComponent().appendingPathComponent(base + ".images", isDirectory: true)
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

    /// The files that make up this store on disk (database, its WAL and shared-memory files, the
    /// image folder): what a watched folder must never treat as input.
    public var ownPaths: [URL] { Self.ownPaths(forDatabase: databaseURL) }

    public static func ownPaths(forDatabase path: URL) -> [URL] {
        [path, URL(fileURLWithPath: path.path + "-wal"), URL(fileURLWithPath: path.path + "-shm"),
         imagesFolder(forDatabase: path)]
    }
}
