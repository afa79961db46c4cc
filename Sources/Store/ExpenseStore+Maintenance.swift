import Foundation
import GRDB

extension ExpenseStore {
    /// Removes what a crash in the middle of a filing left in this store's image folder, and only
    /// that: an image whose path this store marked pending before renaming it into place (see
    /// `file(_:into:)`) and that no receipt refers to, and this store's own temporary files once
    /// older than `temporaryAge` (younger ones may be another process's filing in progress).
    /// Anything else, even an unreferenced image, is left alone. Returns how many files went.
    ///
    /// Runs while holding the write lock: filings rename their image into place inside their
    /// transaction, so no filing can be half-done while this looks.
    @discardableResult
    public func removeStrayImages(temporaryAge: TimeInterval = 3600) throws -> Int {
        guard !isReadOnly else { return 0 }
        let now = Date()
        return try dbPool.write { db in
            var removed = 0
            let pending = try String.fetchAll(db, sql: "SELECT imagePath FROM pendingImage")
            for path in pending {
                let referenced = try Receipt.filter(Receipt.Columns.imagePath == path).fetchCount(db) > 0
                if !referenced, ImageFiles.isImagePath(path),
                   FileManager.default.fileExists(atPath: images.url(path).path) {
                    images.remove(relativePath: path)
                    removed += 1
                }
                try Self.clearPending(path, in: db)
            }
            removed += removeOldTemporaryFiles(olderThan: temporaryAge, now: now)
            return removed
        }
    }

    private func removeOldTemporaryFiles(olderThan age: TimeInterval, now: Date) -> Int {
        guard let walker = FileManager.default.enumerator(
            at: imagesFolder, includingPropertiesForKeys: [.isRegularFileKey, .contentModificationDateKey]) else { return 0 }
        var removed = 0
        for case let url as URL in walker where url.lastPathComponent.hasPrefix(ImageFiles.temporaryPrefix) {
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .contentModificationDateKey])
            guard values?.isRegularFile == true,
                  now.timeIntervalSince(values?.contentModificationDate ?? now) >= age else { continue }
            images.remove(url)
            removed += 1
        }
        return removed
    }
}
