import Foundation
import GRDB
import RebutCore
import Rental
import RnDDeduction

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

        // Holiday-rental flats and R&D projects (issue 12): the details of each kind of event,
        // bookings, the tourist-tax rate history, cost types, manual costs and the deduction rates.
        // Rates are seeded as editable defaults; money is TEXT as everywhere else.
        migrator.registerMigration("rent-1: properties, bookings, tourist tax, projects, cost types, deduction rates") { db in
            try db.create(table: "propertyDetails") { t in
                t.primaryKey("eventId", .integer).references("event", onDelete: .cascade)
                t.column("zone", .text)
                t.column("address", .text)
                t.column("town", .text)
            }
            try db.create(table: "booking") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("event", onDelete: .cascade).notNull()
                t.column("checkIn", .text).notNull()
                t.column("nights", .integer).notNull().check { $0 >= 1 }
                t.column("adults", .integer).notNull().check { $0 >= 0 }
                t.column("children", .integer).notNull().defaults(to: 0).check { $0 >= 0 }
                t.column("amount", .text).notNull()
                t.column("currency", .text).notNull()
                t.column("guest", .text)
                t.column("channel", .text)
                // What makes re-importing the same export row a no-op (see BookingImport.Row.key).
                t.column("importKey", .text)
                t.column("createdAt", .datetime).notNull()
                t.uniqueKey(["eventId", "importKey"])
            }
            try db.create(table: "touristTaxRate") { t in
                t.column("zone", .text).notNull().check { length($0) > 0 }
                t.column("validFrom", .text).notNull()
                t.column("rate", .text).notNull()
                t.column("currency", .text).notNull()
                t.column("note", .text)
                t.primaryKey(["zone", "validFrom"])
            }
            for rate in TouristTaxRate.cataloniaDefaults {
                try db.execute(sql: "INSERT INTO touristTaxRate (zone, validFrom, rate, currency, note) VALUES (?, ?, ?, ?, ?)",
                               arguments: [rate.zone, rate.validFrom.iso8601,
                                           MoneyFormat.canonical(rate.perPersonNight, currency: rate.currency),
                                           rate.currency, rate.note])
            }
            try db.create(table: "projectDetails") { t in
                t.primaryKey("eventId", .integer).references("event", onDelete: .cascade)
                t.column("type", .text).check { ProjectType.allCases.map(\.rawValue).contains($0) }
                t.column("fiscalYear", .integer)
                t.column("subsidies", .text)
            }
            try db.create(table: "priorRnDSpending") { t in
                t.column("eventId", .integer).notNull().references("event", onDelete: .cascade)
                t.column("year", .integer).notNull()
                t.column("amount", .text).notNull()
                t.primaryKey(["eventId", "year"])
            }
            try db.create(table: "receiptCostType") { t in
                t.primaryKey("receiptId", .integer).references("receipt", onDelete: .cascade)
                t.column("costType", .text).notNull().check { CostType.allCases.map(\.rawValue).contains($0) }
            }
            try db.create(table: "receiptBillingPeriod") { t in
                t.primaryKey("receiptId", .integer).references("receipt", onDelete: .cascade)
                t.column("startDate", .text).notNull()
                t.column("endDate", .text).notNull()
            }
            try db.create(table: "projectCost") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("event", onDelete: .cascade).notNull()
                t.column("costType", .text).notNull().check { CostType.allCases.map(\.rawValue).contains($0) }
                t.column("amount", .text).notNull()
                t.column("currency", .text).notNull()
                t.column("date", .text)
                t.column("note", .text)
                t.column("createdAt", .datetime).notNull()
            }
            try db.create(table: "deductionRate") { t in
                t.primaryKey("name", .text)
                t.column("percent", .text).notNull()
            }
            for key in DeductionRates.Key.allCases {
                try db.execute(sql: "INSERT INTO deductionRate (name, percent) VALUES (?, ?)",
                               arguments: [key.rawValue, "\(key.defaultPercent)"])
            }
        }

        // The user's note on a receipt and where its photo was taken (EXIF GPS, WGS 84 degrees).
        migrator.registerMigration("rep-1: receipt note and location") { db in
            try db.alter(table: "receipt") { t in
                t.add(column: "note", .text)
                t.add(column: "latitude", .double)
                t.add(column: "longitude", .double)
            }
        }

        // Exchange rates the user keeps: 1 `base` = `rate` `quote` on `day`, from `source`
        // ("ECB" for an imported reference-rate file, "manual" for `rates set`). The rate is
        // exact decimal TEXT, never REAL. One rate per pair, day and source; a later import replaces it.
        migrator.registerMigration("rep-2: exchange rates") { db in
            try db.create(table: "exchangeRate") { t in
                t.column("base", .text).notNull()
                t.column("quote", .text).notNull()
                t.column("day", .text).notNull()
                t.column("rate", .text).notNull()
                t.column("source", .text).notNull()
                t.primaryKey(["base", "quote", "day", "source"])
            }
        }

        // Search finds notes and categories too: the full-text table gets both columns, and is
        // rebuilt from the receipts (GRDB recreates its triggers and re-indexes every row).
        migrator.registerMigration("rep-3: search notes and categories") { db in
            try db.dropFTS5SynchronizationTriggers(forTable: "receipt_ft")
            try db.drop(table: "receipt_ft")
            try db.create(virtualTable: "receipt_ft", using: FTS5()) { t in
                t.synchronize(withTable: "receipt")
                t.tokenizer = .unicode61()
                t.column("ocrText")
                t.column("vendor")
                t.column("note")
                t.column("category")
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

        // The image the OCR read (cropped, de-warped, turned, scaled as Tesseract saw it), a small
        // grey JPEG, with the size of the space the OCR boxes are in: the picker draws the boxes
        // on it exactly. Its own table, so listing receipts never reads the blobs.
        migrator.registerMigration("read-1: the image the OCR read") { db in
            try db.create(table: "receiptReadImage") { t in
                t.primaryKey("receiptId", .integer)
                    .references("receipt", onDelete: .cascade)
                t.column("jpeg", .blob).notNull()
                t.column("width", .integer).notNull().check { $0 > 0 }
                t.column("height", .integer).notNull().check { $0 > 0 }
            }
        }

        return migrator
    }
}
