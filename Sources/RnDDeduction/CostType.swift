import RebutCore

/// How a cost of an R&D or innovation project counts for the deduction (Ley 27/2014, art. 35).
public enum CostType: String, Sendable, Hashable, CaseIterable, Codable {
    case personnel
    /// Qualified researchers working exclusively on R&D: in the base and also worth the extra 17%.
    case researchers
    case collaborations
    /// Amortisation of tangible and intangible assets used for the project.
    case amortisation
    case consumables
    case other
    /// Investments in fixed assets (not buildings or land) used exclusively for R&D: outside the
    /// base, worth 8% of their cost on their own.
    case fixedAssets = "fixed-assets"

    public var title: String {
        switch self {
        case .personnel: return "Personnel"
        case .researchers: return "Qualified researchers (exclusively R&D)"
        case .collaborations: return "External collaborations"
        case .amortisation: return "Amortisation of assets"
        case .consumables: return "Consumables"
        case .other: return "Other direct costs"
        case .fixedAssets: return "Fixed assets exclusively for R&D"
        }
    }

    /// Part of the spending the percentages of the base apply to.
    public var isInBase: Bool { self != .fixedAssets }
}

/// R&D, or technological innovation (IT).
public enum ProjectType: String, Sendable, Hashable, CaseIterable, Codable {
    case rd, it
    public var title: String { self == .rd ? "R&D" : "Technological innovation (IT)" }
}

/// Suggests a receipt's cost type: what the user chose for the vendor before, else what its
/// category usually is.
public struct CostTypeSuggester: Sendable {
    public struct Suggestion: Sendable, Hashable {
        public var type: CostType
        public var reason: String
    }

    /// `VendorKey` → cost type, from the user's corrections.
    public let learned: [String: CostType]

    public init(learned: [String: CostType] = [:]) {
        var keyed: [String: CostType] = [:]
        for (vendor, type) in learned {
            let key = VendorKey.make(vendor)
            if !key.isEmpty { keyed[key] = type }
        }
        self.learned = keyed
    }

    /// The exact vendor first; else the most similar learned one, when OCR noise or a branch
    /// suffix explains the difference (as the categoriser matches learned vendors).
    private func learnedType(for vendor: String) -> (CostType, exact: Bool)? {
        let key = VendorKey.make(vendor)
        guard !key.isEmpty else { return nil }
        if let type = learned[key] { return (type, true) }
        let scalars = Array(key.unicodeScalars)
        let best = learned.compactMap { other, type -> (similarity: Double, key: String, type: CostType)? in
            let otherScalars = Array(other.unicodeScalars)
            guard min(scalars.count, otherScalars.count) >= 4 else { return nil }
            let similarity = EditDistance.similarity(scalars, otherScalars)
            return similarity >= 0.8 ? (similarity, other, type) : nil
        }.max { ($0.similarity, $1.key) < ($1.similarity, $0.key) }
        return best.map { ($0.type, false) }
    }

    /// Category ids (see `rebut categories`) and the cost type they usually are.
    static let byCategory: [String: CostType] = [
        "materials": .consumables, "office": .consumables, "groceries": .consumables,
        "services": .collaborations,
        "equipment": .fixedAssets, "electronics": .fixedAssets,
        "meals": .other, "lodging": .other, "transport": .other, "fuel": .other, "parking-tolls": .other,
        "electricity": .other, "gas": .other, "water": .other, "phone": .other, "internet": .other,
        "repairs": .other, "cleaning": .other, "other": .other,
    ]

    public func suggest(vendor: String?, category: String?) -> Suggestion {
        if let vendor, let (type, exact) = learnedType(for: vendor) {
            return Suggestion(type: type, reason: exact ? "learned from your choice for \(vendor)"
                                                        : "learned from your choice for a similar vendor")
        }
        if let category, let type = Self.byCategory[category] {
            return Suggestion(type: type, reason: "usual for category \(category)")
        }
        return Suggestion(type: .other, reason: category == nil ? "no category yet" : "no rule for category \(category!)")
    }
}
