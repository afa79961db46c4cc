import Foundation
import GRDB
import RebutCore
import RnDDeduction

/// What an R&D or innovation project has beyond an event's name.
public struct ProjectDetails: Sendable, Hashable {
    public var type: ProjectType?
    public var fiscalYear: Int?
    public var subsidies: Decimal?
    /// Year → the company's R&D spending that year (the two years before `fiscalYear` count).
    public var priorSpending: [Int: Decimal]

    public init(type: ProjectType? = nil, fiscalYear: Int? = nil, subsidies: Decimal? = nil, priorSpending: [Int: Decimal] = [:]) {
        self.type = type
        self.fiscalYear = fiscalYear
        self.subsidies = subsidies
        self.priorSpending = priorSpending
    }
}

/// A cost that comes on no receipt (a salary, a share of a researcher's time).
public struct ProjectCost: Sendable, Hashable {
    public var id: Int64?
    public var eventId: Int64
    public var type: CostType
    public var amount: Decimal
    public var currency: String
    public var date: LocalDate?
    public var note: String?

    public init(id: Int64? = nil, eventId: Int64, type: CostType, amount: Decimal, currency: String,
                date: LocalDate? = nil, note: String? = nil) {
        self.id = id
        self.eventId = eventId
        self.type = type
        self.amount = amount
        self.currency = currency
        self.date = date
        self.note = note
    }
}

extension ExpenseStore {
    /// The field name cost-type corrections are recorded under, beside the receipt fields.
    public static let costTypeField = "costType"

    // MARK: - Project details

    public func projectDetails(eventId: Int64) throws -> ProjectDetails? {
        try dbPool.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM projectDetails WHERE eventId = ?", arguments: [eventId])
            else { return nil }
            var details = ProjectDetails(type: (row["type"] as String?).flatMap(ProjectType.init(rawValue:)),
                                         fiscalYear: row["fiscalYear"],
                                         subsidies: try MoneyText.decode(row["subsidies"], column: "subsidies"))
            for prior in try Row.fetchAll(db, sql: "SELECT year, amount FROM priorRnDSpending WHERE eventId = ?", arguments: [eventId]) {
                details.priorSpending[prior["year"]] = try MoneyText.decode(prior["amount"], column: "amount")
            }
            return details
        }
    }

    static func validated(_ details: ProjectDetails) throws -> ProjectDetails {
        if let year = details.fiscalYear, !(1990...2200).contains(year) {
            throw StoreError.invalidValue(field: "fiscal year", value: "\(year)", reason: "not a plausible year")
        }
        if let subsidies = details.subsidies, subsidies < 0 {
            throw StoreError.invalidValue(field: "subsidies", value: "\(subsidies)", reason: "cannot be negative")
        }
        for (year, amount) in details.priorSpending where amount < 0 || !(1990...2200).contains(year) {
            throw StoreError.invalidValue(field: "previous R&D spending", value: "\(year):\(amount)",
                                          reason: "needs a plausible year and an amount of 0 or more")
        }
        return details
    }

    static func save(_ details: ProjectDetails, eventId: Int64, in db: Database) throws {
        try db.execute(sql: """
            INSERT INTO projectDetails (eventId, type, fiscalYear, subsidies) VALUES (?, ?, ?, ?)
            ON CONFLICT(eventId) DO UPDATE SET type = excluded.type, fiscalYear = excluded.fiscalYear,
            subsidies = excluded.subsidies
            """, arguments: [eventId, details.type?.rawValue, details.fiscalYear,
                             details.subsidies.map { MoneyText.text($0, currency: nil) }])
        try db.execute(sql: "DELETE FROM priorRnDSpending WHERE eventId = ?", arguments: [eventId])
        for (year, amount) in details.priorSpending {
            try db.execute(sql: "INSERT INTO priorRnDSpending (eventId, year, amount) VALUES (?, ?, ?)",
                           arguments: [eventId, year, MoneyText.text(amount, currency: nil)])
        }
    }

    // MARK: - Cost types

    /// Receipt id → the cost type the user set, for one event's receipts.
    public func costTypes(eventId: Int64) throws -> [Int64: CostType] {
        try dbPool.read { db in
            var types: [Int64: CostType] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT c.receiptId, c.costType FROM receiptCostType c JOIN receipt r ON r.id = c.receiptId
                WHERE r.eventId = ?
                """, arguments: [eventId]) {
                if let type = CostType(rawValue: row["costType"]) { types[row["receiptId"]] = type }
            }
            return types
        }
    }

    /// Sets (or with nil clears) a receipt's cost type, with the correction that teaches it for
    /// the vendor's next receipts, in one transaction.
    public func setCostType(_ type: CostType?, receiptId: Int64) throws {
        try dbPool.write { db in try Self.setCostType(type, receiptId: receiptId, in: db) }
    }

    /// `setFields`, a cost type and a billing period (`.some(nil)` clears either) in one
    /// transaction: all or nothing.
    @discardableResult
    public func setFields(_ changes: [(field: ReceiptField, value: String?)], receiptId: Int64, moveTo eventId: Int64?,
                          costType: CostType??, billingPeriod: BillingPeriod?? = nil) throws -> Receipt {
        try dbPool.write { db in
            let receipt = try Self.setFields(changes, receiptId: receiptId, moveTo: eventId, in: db,
                                             knownCategories: knownCategories, reviewThreshold: reviewThreshold)
            if let costType { try Self.setCostType(costType, receiptId: receiptId, in: db) }
            if let billingPeriod { try Self.save(billingPeriod, receiptId: receiptId, in: db) }
            return receipt
        }
    }

    static func setCostType(_ type: CostType?, receiptId: Int64, in db: Database) throws {
        guard let receipt = try Receipt.fetchOne(db, key: receiptId) else { throw StoreError.receiptNotFound(receiptId) }
        let old = try String.fetchOne(db, sql: "SELECT costType FROM receiptCostType WHERE receiptId = ?", arguments: [receiptId])
        if let type {
            try db.execute(sql: "INSERT OR REPLACE INTO receiptCostType (receiptId, costType) VALUES (?, ?)",
                           arguments: [receiptId, type.rawValue])
        } else {
            try db.execute(sql: "DELETE FROM receiptCostType WHERE receiptId = ?", arguments: [receiptId])
        }
        guard old != type?.rawValue else { return }
        var correction = Correction(receiptId: receiptId, field: Self.costTypeField, oldValue: old,
                                    newValue: type?.rawValue, vendor: receipt.vendor)
        try correction.insert(db)
    }

    /// `VendorKey` → cost type, from the user's cost-type corrections; the latest wins.
    public func learnedCostTypes() throws -> [String: CostType] {
        let rows = try dbPool.read { db in
            try Correction.filter(Correction.Columns.field == Self.costTypeField)
                .filter(Correction.Columns.vendor != nil && Correction.Columns.newValue != nil)
                .order(Correction.Columns.at, Correction.Columns.id)
                .fetchAll(db)
        }
        var learned: [String: CostType] = [:]
        for correction in rows {
            guard let vendor = correction.vendor, let type = correction.newValue.flatMap(CostType.init(rawValue:)) else { continue }
            let key = VendorKey.make(vendor)
            if !key.isEmpty { learned[key] = type }
        }
        return learned
    }

    // MARK: - Manual costs

    @discardableResult
    public func addProjectCost(_ cost: ProjectCost) throws -> ProjectCost {
        var cost = cost
        cost.currency = try Validation.currency(cost.currency)
        cost.note = cost.note.map { TextSanitising.withoutControls($0).trimmingCharacters(in: .whitespaces) }
        let stored = cost
        return try dbPool.write { db in
            guard try Event.exists(db, key: stored.eventId) else { throw StoreError.eventNotFound("with id \(stored.eventId)") }
            try db.execute(sql: """
                INSERT INTO projectCost (eventId, costType, amount, currency, date, note, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [stored.eventId, stored.type.rawValue, MoneyText.text(stored.amount, currency: stored.currency),
                                 stored.currency, stored.date?.iso8601, stored.note, Date()])
            var inserted = stored
            inserted.id = db.lastInsertedRowID
            return inserted
        }
    }

    public func projectCosts(eventId: Int64) throws -> [ProjectCost] {
        try dbPool.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM projectCost WHERE eventId = ? ORDER BY date, id", arguments: [eventId]).map { row in
                let typeText: String = row["costType"]
                guard let type = CostType(rawValue: typeText) else { throw StoreError.corruptValue(column: "costType", value: typeText) }
                return ProjectCost(id: row["id"], eventId: row["eventId"], type: type,
                                   amount: try MoneyText.decode(row["amount"], column: "amount") ?? 0, currency: row["currency"],
                                   date: (row["date"] as String?).flatMap(LocalDate.init(iso8601:)), note: row["note"])
            }
        }
    }

    public func deleteProjectCost(id: Int64) throws {
        try dbPool.write { db in
            try db.execute(sql: "DELETE FROM projectCost WHERE id = ?", arguments: [id])
            guard db.changesCount == 1 else { throw StoreError.projectCostNotFound(id) }
        }
    }

    // MARK: - Deduction rates

    public func deductionRates() throws -> DeductionRates {
        try dbPool.read { db in
            var percent: [DeductionRates.Key: Decimal] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT name, percent FROM deductionRate") {
                guard let key = DeductionRates.Key(rawValue: row["name"]) else { continue }
                let text: String = row["percent"]
                guard let value = MoneyFormat.parse(text) else { throw StoreError.corruptValue(column: "percent", value: text) }
                percent[key] = value
            }
            return DeductionRates(percent: percent)
        }
    }

    public func setDeductionRate(_ key: DeductionRates.Key, percent: Decimal) throws {
        guard percent >= 0, percent <= 100 else {
            throw StoreError.invalidValue(field: key.rawValue, value: "\(percent)", reason: "a percentage between 0 and 100")
        }
        try dbPool.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO deductionRate (name, percent) VALUES (?, ?)",
                           arguments: [key.rawValue, "\(percent)"])
        }
    }
}
