import GRDB

/// Every schema change, in order, in one place. Never edit a shipped migration: add one.
enum Schema {
    static var migrator: DatabaseMigrator {
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

        return migrator
    }
}
