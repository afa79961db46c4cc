import Foundation
import GRDB

/// Every schema change, in order, in one place. Never edit a shipped migration: add one.
enum Schema {
    /// `imagesFolder` is the store's own image folder; `legacyImagesFolder` the `images/` that
    /// stores before v3 shared with every other store in the same folder.
    static func migrator(imagesFolder: URL, legacyImagesFolder: URL) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()

        migrator.registerMigration("v1: events, receipts, corrections") { db in
            try db.create(table: "event") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull().unique().collate(.nocase)
                    .check { length($0) > 0 }
                t.column("kind", .text).notNull()
                    .check { EventKind.allCases.map(\.rawValue).contains($0) }
                t.column("place", .text)
                t.column("startDate", .text)   // ISO 8601 day
                t.column("endDate", .text)
                t.column("currency", .text)
                t.column("active", .boolean).notNull().defaults(to: true)
                t.column("createdAt", .datetime).notNull()
            }

            try db.create(table: "receipt") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("event", onDelete: .cascade).notNull()   // column eventId, indexed
                t.column("fileName", .text).notNull()
                t.column("sha256", .text).notNull().unique()
                t.column("imagePath", .text).notNull()
                t.column("ocrText", .text).notNull()
                t.column("ocrLines", .jsonText).notNull()
                t.column("vendor", .text)
                t.column("date", .text).indexed()           // ISO 8601 day
                t.column("total", .text)                    // canonical decimal text, never REAL
                t.column("currency", .text)
                t.column("payment", .text)
                t.column("tax", .text)                      // canonical decimal text
                t.column("category", .text).indexed()
                t.column("confidence", .jsonText).notNull()
                t.column("candidates", .jsonText).notNull()
                t.column("status", .text).notNull().indexed()
                    .check { ReceiptStatus.allCases.map(\.rawValue).contains($0) }
                t.column("createdAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
            }

            try db.create(table: "correction") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("receipt", onDelete: .setNull)  // column receiptId, indexed
                t.column("field", .text).notNull()
                t.column("oldValue", .text)
                t.column("newValue", .text)
                t.column("vendor", .text)
                t.column("at", .datetime).notNull()
            }

            // Full-text search over what the receipt says and who issued it. The triggers GRDB
            // creates keep it in step with the receipt table inside the same transactions.
            try db.create(virtualTable: "receipt_ft", using: FTS5()) { t in
                t.synchronize(withTable: "receipt")
                t.tokenizer = .unicode61()
                t.column("ocrText")
                t.column("vendor")
            }
        }

        // Where the folder watcher found the image, so that after a crash between the commit and
        // the removal of the file it can tell "the file we filed" from a later duplicate.
        migrator.registerMigration("v2: receipt.sourcePath") { db in
            try db.alter(table: "receipt") { t in
                t.add(column: "sourcePath", .text)
            }
        }

        // Each store owns its image folder (`NAME.images/`): stores sharing a folder used to share
        // `images/` and sweep each other's files away. Images are hard-linked (copied where links
        // fail) into the new folder before the paths change, and the shared folder is left as it
        // is: another store may still need it. Re-run after a crash, the links already made count.
        migrator.registerMigration("v3: per-store image folder, pending image writes") { db in
            let legacyPrefix = "images/"
            let rows = try Row.fetchAll(db, sql: "SELECT id, imagePath FROM receipt WHERE imagePath LIKE 'images/%'")
            for row in rows {
                let id: Int64 = row["id"]
                let old: String = row["imagePath"]
                let relative = String(old.dropFirst(legacyPrefix.count))
                try ImageFiles.adopt(legacyImagesFolder.appendingPathComponent(relative),
                                     as: imagesFolder.appendingPathComponent(relative))
                try db.execute(sql: "UPDATE receipt SET imagePath = ? WHERE id = ?", arguments: [relative, id])
            }
            // An image about to be renamed into place by a filing: what proves a file with no
            // receipt is the leftover of this store's own interrupted filing (see removeStrayImages).
            try db.create(table: "pendingImage") { t in
                t.primaryKey("imagePath", .text)
                t.column("startedAt", .datetime).notNull()
            }
        }

        // The web app (rebut serve): the login password's bcrypt hash, browser sessions and API
        // bearer tokens. Only hashes are stored: a copy of the database opens no session.
        migrator.registerMigration("web-1: web password, sessions, API tokens") { db in
            try db.create(table: "webSetting") { t in
                t.primaryKey("key", .text)
                t.column("value", .text).notNull()
            }
            try db.create(table: "webSession") { t in
                t.primaryKey("tokenHash", .text)            // SHA-256 of the cookie's value
                t.column("createdAt", .datetime).notNull()
                t.column("expiresAt", .datetime).notNull().indexed()
            }
            try db.create(table: "apiToken") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("tokenHash", .text).notNull().unique()  // SHA-256 of the bearer token
                t.column("createdAt", .datetime).notNull()
                t.column("lastUsedAt", .datetime)
                t.column("revokedAt", .datetime)
            }
        }

        return migrator
    }
}
