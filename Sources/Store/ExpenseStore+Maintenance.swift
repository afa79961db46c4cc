import Foundation
import GRDB

extension ExpenseStore {
    /// Removes image files no receipt refers to: what a crash between writing an image and
    /// committing its row leaves behind. Returns how many files went.
    ///
    /// Runs while holding the write lock: filings rename their image into place inside their
    /// transaction, so no filing can be half-done while this looks. Temporary files are another
    /// process's filing in progress unless they are older than `temporaryAge`.
    @discardableResult
    public func removeStrayImages(temporaryAge: TimeInterval = 3600) throws -> Int {
        let root = folder.appendingPathComponent("images", isDirectory: true)
        let now = Date()
        return try dbPool.write { db in
            let referenced = Set(try String.fetchAll(db, Receipt.select(Receipt.Columns.imagePath)))
            guard let walker = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: [.isRegularFileKey, .contentModificationDateKey]) else { return 0 }
            var removed = 0
            for case let url as URL in walker {
                let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .contentModificationDateKey])
                guard values?.isRegularFile == true else { continue }
                let name = url.lastPathComponent
                if name.hasPrefix(ImageFiles.temporaryPrefix) {
                    let age = now.timeIntervalSince(values?.contentModificationDate ?? now)
                    guard age >= temporaryAge else { continue }
                } else {
                    let relative = "images/\(url.deletingLastPathComponent().lastPathComponent)/\(name)"
                    guard !referenced.contains(relative) else { continue }
                }
                images.remove(url)
                removed += 1
            }
            return removed
        }
    }
}
