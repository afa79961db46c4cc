import Foundation
import RebutCore

/// Finds the flat a bill is for from the supply address printed on it ("CL VERDI 12 2B"
/// matches the flat at "C/ Verdi 12, 2B"), so bills dropped in the watched folder without a
/// subfolder still reach their flat.
public struct AddressMatcher: Sendable {
    public struct Candidate: Sendable {
        public var id: Int64
        public var address: String
        public init(id: Int64, address: String) {
            self.id = id
            self.address = address
        }
    }

    /// Words that say what kind of street it is, or join words: they tell no two addresses apart.
    static let generic: Set<String> = [
        "C", "CL", "CALLE", "CARRER", "CR", "AV", "AVDA", "AVENIDA", "AVINGUDA", "PL", "PLAZA", "PLACA", "PG", "PASSEIG",
        "PASEO", "RBLA", "RAMBLA", "TRAV", "TRAVESSERA", "CTRA", "CARRETERA", "STREET", "ST", "ROAD", "RD", "LANE", "LN",
        "AVENUE", "AVE", "GROVE", "DE", "DEL", "LA", "EL", "LES", "ELS", "LOS", "LAS", "D", "I", "Y", "THE", "OF", "PISO",
        "PIS", "PUERTA", "PORTA", "PTA", "ESC", "FLAT", "APT", "NO", "NUM", "N", "BAJO", "BAIXOS", "ATICO", "ATIC",
    ]

    public let candidates: [Candidate]

    public init(_ candidates: [Candidate]) {
        self.candidates = candidates
    }

    /// The one flat whose street name and number appear together on a line of `lines`; when two
    /// flats of one building both do, the one with more of its address there (floor, door).
    /// nil when none matches or two match equally well.
    public func match(_ lines: [String]) -> Int64? {
        let lineTokens = lines.map(Self.tokens)
        var scored: [(id: Int64, score: Int)] = []
        for candidate in candidates {
            let wanted = Self.tokens(candidate.address).filter { !Self.generic.contains($0) }
            let names = wanted.filter { $0.allSatisfy(\.isLetter) && $0.count >= 3 }
            let numbers = wanted.filter { $0.contains(where: \.isNumber) }
            guard !names.isEmpty, let streetNumber = numbers.first else { continue }
            var best = 0
            for (i, tokens) in lineTokens.enumerated() {
                // The address may wrap onto the next line (street, then floor and door).
                let here = Set(tokens + (i + 1 < lineTokens.count ? lineTokens[i + 1] : []))
                guard names.allSatisfy(Set(tokens).contains), tokens.contains(streetNumber) else { continue }
                best = max(best, wanted.filter(here.contains).count)
            }
            if best > 0 { scored.append((candidate.id, best)) }
        }
        guard let top = scored.max(by: { $0.score < $1.score }),
              scored.filter({ $0.score == top.score }).count == 1 else { return nil }
        return top.id
    }

    /// Folded words of letters and digits: "C/ Verdi 12, 2º-B" → ["C", "VERDI", "12", "2", "B"] is
    /// too fine, so a digit run followed by one letter stays whole ("2B").
    static func tokens(_ text: String) -> [String] {
        var tokens: [String] = [], current = ""
        // Ordinals ("1º", "2ª") are floor numbers, not letters.
        for ch in TextFold.fold(text.replacingOccurrences(of: "º", with: " ").replacingOccurrences(of: "ª", with: " ")) {
            if ch.isLetter || ch.isNumber { current.append(ch) } else if !current.isEmpty { tokens.append(current); current = "" }
        }
        if !current.isEmpty { tokens.append(current) }
        // "2" "B" (from "2º-B" or "2 B") → "2B"
        var joined: [String] = []
        for token in tokens {
            if token.count == 1, token.first!.isLetter, let last = joined.last, last.allSatisfy(\.isNumber), last.count <= 2,
               joined.count >= 2 {
                joined[joined.count - 1] = last + token
            } else {
                joined.append(token)
            }
        }
        return joined
    }
}
