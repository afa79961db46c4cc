import Foundation
import RebutCore
import Store

/// The review screen's state and its rules, without a terminal: keys in, actions out.
///
/// Only `s` writes anything. Choices are kept as pending values until then; `n` (skip) and `q`
/// (quit) drop them, and quitting reports what was dropped so the CLI can say so.
public struct ReviewSession: Sendable {
    public enum Mode: Sendable, Hashable {
        case browsing
        /// Typing a value for the field; Enter keeps it, Esc drops it.
        case typing(ReceiptField, text: String)
        /// Choosing a category: `selected` indexes `categories`; typed letters jump by prefix.
        case pickingCategory(selected: Int, prefix: String)
    }

    public let categories: [ReviewCategory]
    /// The store's review threshold: fields below it are shown for review.
    public let threshold: Double
    public let eventNames: [Int64: String]
    public private(set) var queue: [Receipt]
    public private(set) var position = 0
    /// The fields shown for the current receipt, in `ReceiptField` order.
    public private(set) var fields: [ReceiptField] = []
    public private(set) var focus = 0
    /// Highlighted candidate (0-based) per field.
    public private(set) var highlighted: [ReceiptField: Int] = [:]
    public private(set) var pending: [ReceiptField: PendingValue] = [:]
    public private(set) var mode: Mode = .browsing
    /// One line for the person: what just happened or why a key did nothing.
    public private(set) var notice: String?
    /// Lines scrolled (PgUp/PgDn) away from where the OCR pane would put the highlighted line.
    public private(set) var ocrScroll = 0
    public private(set) var tally = ReviewTally()

    /// The longest value one can type; the store refuses longer vendor names anyway.
    static let maxTypedLength = 200

    public init(receipts: [Receipt], categories: [ReviewCategory], threshold: Double = 0.5,
                eventNames: [Int64: String] = [:]) {
        self.queue = receipts
        self.categories = categories
        self.threshold = threshold
        self.eventNames = eventNames
        enterReceipt()
    }

    public var current: Receipt? { position < queue.count ? queue[position] : nil }
    public var isFinished: Bool { current == nil }
    public var focusedField: ReceiptField? { fields.indices.contains(focus) ? fields[focus] : nil }

    public func candidates(for field: ReceiptField) -> [Candidate] {
        current?.candidates[field.rawValue] ?? []
    }

    /// The fields a person should look at: required ones that are missing or below the
    /// threshold. A receipt marked for review with none of those (changed by hand) shows all.
    public static func fieldsToReview(_ receipt: Receipt, threshold: Double) -> [ReceiptField] {
        let doubtful = ReceiptField.required.filter { field in
            receipt.value(of: field) == nil || (receipt.confidence[field.rawValue] ?? 0) < threshold
        }
        return doubtful.isEmpty ? ReceiptField.required : doubtful
    }

    // MARK: Keys

    public mutating func handle(_ key: Key) -> ReviewAction {
        guard let receipt = current else { return .finished }
        if key == .interrupt { return quit(receipt) }
        switch mode {
        case .browsing: return browse(key, receipt)
        case .typing(let field, let text): edit(key, field: field, text: text); return .redraw
        case .pickingCategory(let selected, let prefix): pickCategory(key, selected: selected, prefix: prefix)
            return .redraw
        }
    }

    private mutating func browse(_ key: Key, _ receipt: Receipt) -> ReviewAction {
        notice = nil
        switch key {
        case .up: moveHighlight(by: -1)
        case .down: moveHighlight(by: 1)
        case .left, .right, .tab:
            guard !fields.isEmpty else { break }
            focus = (focus + (key == .left ? fields.count - 1 : 1)) % fields.count
            ocrScroll = 0
        case .pageUp: ocrScroll -= 5
        case .pageDown: ocrScroll += 5
        case .home: ocrScroll = -1_000_000
        case .end: ocrScroll = 1_000_000
        case .enter:
            if let field = focusedField { pick(field, number: (highlighted[field] ?? 0) + 1) }
        case .backspace:
            if let field = focusedField, pending.removeValue(forKey: field) != nil {
                notice = "\(field.rawValue): choice undone"
            }
        case .character(let c):
            if let digit = c.wholeNumberValue, c.isASCII, (1...9).contains(digit) {
                if let field = focusedField { pick(field, number: digit) }
                break
            }
            switch c {
            case "e":
                if let field = focusedField { mode = .typing(field, text: "") }
            case "c":
                let now = pending[.category]?.value ?? receipt.category
                let index = categories.firstIndex { $0.id == now } ?? 0
                mode = .pickingCategory(selected: index, prefix: "")
            case "s": return save(receipt)
            case "n":
                let dropped = pending.isEmpty ? "" : " (unsaved choices dropped)"
                tally.skipped += 1
                return advance(notice: "skipped #\(receipt.id ?? 0)" + dropped)
            case "q": return quit(receipt)
            default: notice = "unknown key \(c): see the keys below"
            }
        case .escape, .interrupt: break
        }
        return .redraw
    }

    private mutating func edit(_ key: Key, field: ReceiptField, text: String) {
        switch key {
        case .enter:
            let value = text.trimmingCharacters(in: .whitespaces)
            mode = .browsing
            if value.isEmpty {
                notice = "nothing typed: \(field.rawValue) unchanged"
            } else {
                pending[field] = PendingValue(value: value, source: .typed)
                notice = "\(field.rawValue) ← \(value) (typed; s saves)"
                focusNextOpenField()
            }
        case .escape:
            mode = .browsing
            notice = "typing cancelled"
        case .backspace:
            mode = .typing(field, text: String(text.dropLast()))
        case .character(let c):
            guard text.count < Self.maxTypedLength else { return }
            mode = .typing(field, text: text + String(c))
        default: break
        }
    }

    private mutating func pickCategory(_ key: Key, selected: Int, prefix: String) {
        guard !categories.isEmpty else { mode = .browsing; notice = "no categories to pick from"; return }
        switch key {
        case .up: mode = .pickingCategory(selected: max(0, selected - 1), prefix: "")
        case .down: mode = .pickingCategory(selected: min(categories.count - 1, selected + 1), prefix: "")
        case .pageUp, .home: mode = .pickingCategory(selected: 0, prefix: "")
        case .pageDown, .end: mode = .pickingCategory(selected: categories.count - 1, prefix: "")
        case .enter:
            let category = categories[selected]
            pending[.category] = PendingValue(value: category.id, source: .category)
            mode = .browsing
            notice = "category ← \(category.id) (s saves)"
        case .escape:
            mode = .browsing
            notice = "category unchanged"
        case .backspace:
            mode = .pickingCategory(selected: selected, prefix: String(prefix.dropLast()))
        case .character(let c):
            let typed = (prefix + String(c)).lowercased()
            if let match = categories.firstIndex(where: {
                $0.id.lowercased().hasPrefix(typed) || $0.name.lowercased().hasPrefix(typed)
            }) {
                mode = .pickingCategory(selected: match, prefix: typed)
            } else {
                mode = .pickingCategory(selected: selected, prefix: prefix)
            }
        default: break
        }
    }

    // MARK: Choosing

    private mutating func moveHighlight(by step: Int) {
        guard let field = focusedField else { return }
        let count = candidates(for: field).count
        guard count > 0 else { return }
        highlighted[field] = min(count - 1, max(0, (highlighted[field] ?? 0) + step))
        ocrScroll = 0
    }

    /// Candidate `number` (1-based) becomes the field's pending value; focus moves on to the
    /// next field without a choice, so 2 → 1 → s can review a receipt in three keys.
    private mutating func pick(_ field: ReceiptField, number: Int) {
        let list = candidates(for: field)
        guard !list.isEmpty else {
            notice = "\(field.rawValue) has no candidates: press e to type a value"
            return
        }
        guard number <= list.count else {
            notice = "\(field.rawValue) has \(list.count) candidate\(list.count == 1 ? "" : "s"); there is no \(number)"
            return
        }
        highlighted[field] = number - 1
        pending[field] = PendingValue(value: list[number - 1].value, source: .candidate(number))
        notice = "\(field.rawValue) ← \(list[number - 1].value) (candidate \(number); s saves)"
        ocrScroll = 0
        focusNextOpenField()
    }

    private mutating func focusNextOpenField() {
        guard !fields.isEmpty else { return }
        for step in 1...fields.count {
            let index = (focus + step) % fields.count
            if pending[fields[index]] == nil { focus = index; ocrScroll = 0; return }
        }
    }

    // MARK: Saving and moving on

    private mutating func save(_ receipt: Receipt) -> ReviewAction {
        guard let id = receipt.id else { return advance(notice: nil) }
        if pending.isEmpty {
            tally.skipped += 1
            return advance(notice: "nothing chosen for #\(id): left as it was")
        }
        return .save(ReviewChanges(receiptId: id, pending: pending))
    }

    /// The driver wrote every change; `updated` is the receipt as the store now has it.
    public mutating func didSave(_ updated: Receipt) -> ReviewAction {
        tally.saved += 1
        let id = updated.id ?? 0
        if updated.status == .filed {
            tally.filed += 1
            return advance(notice: "#\(id) saved and filed")
        }
        let open = Self.fieldsToReview(updated, threshold: threshold).map(\.rawValue).joined(separator: ", ")
        return advance(notice: "#\(id) saved; still needs review: \(open)")
    }

    /// The store refused a value. The changes it had already made stay (each is its own
    /// recorded correction); the refused one and the rest stay pending to be fixed.
    public mutating func saveFailed(applied: [ReceiptField], refused field: ReceiptField, reason: String,
                                    receipt: Receipt?) {
        for done in applied { pending[done] = nil }
        if let receipt, position < queue.count { queue[position] = receipt }
        notice = "not saved: \(field.rawValue): \(reason)"
        if let index = fields.firstIndex(of: field) { focus = index }
    }

    private mutating func quit(_ receipt: Receipt) -> ReviewAction {
        let dropped = pending.isEmpty || receipt.id == nil ? nil : ReviewChanges(receiptId: receipt.id!, pending: pending)
        return .quit(discarded: dropped)
    }

    private mutating func advance(notice: String?) -> ReviewAction {
        position += 1
        enterReceipt()
        self.notice = notice
        return isFinished ? .finished : .redraw
    }

    private mutating func enterReceipt() {
        pending = [:]
        highlighted = [:]
        focus = 0
        ocrScroll = 0
        mode = .browsing
        guard let receipt = current else { fields = []; return }
        fields = Self.fieldsToReview(receipt, threshold: threshold)
        for field in fields {
            let list = receipt.candidates[field.rawValue] ?? []
            let now = receipt.value(of: field)
            highlighted[field] = list.firstIndex { $0.value == now } ?? 0
        }
    }
}
