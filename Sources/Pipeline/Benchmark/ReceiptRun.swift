import Foundation
import OCR

/// What one receipt cost in a benchmark: wall seconds, seconds per stage and memory.
public struct ReceiptRun: Sendable, Codable, Hashable {
    public var name: String
    public var variant: String?
    public var seconds: Double
    /// Seconds in each worker stage: decode, clean, ocr, reread (re-reads and fallback passes).
    /// Empty when the receipt failed before the stages reported.
    public var stageSeconds: [String: Double]
    /// Resident-set high-water mark in MB: see `ProcessMemory` for how exact it is.
    public var peakRSSMB: Double?

    public init(name: String, variant: String?, seconds: Double, stageSeconds: [String: Double], peakRSSMB: Double?) {
        self.name = name
        self.variant = variant
        self.seconds = seconds
        self.stageSeconds = stageSeconds
        self.peakRSSMB = peakRSSMB
    }

    public init(name: String, variant: String?, seconds: Double, timings: OCRTimings?, peakRSSMB: Double?) {
        self.init(name: name, variant: variant, seconds: seconds, stageSeconds: timings.map { Self.stages($0) } ?? [:],
                  peakRSSMB: peakRSSMB)
    }

    public static let stageNames = ["decode", "clean", "ocr", "reread"]

    static func stages(_ t: OCRTimings) -> [String: Double] {
        ["decode": t.decode.seconds, "clean": t.clean.seconds, "ocr": t.ocr.seconds, "reread": t.reread.seconds]
    }

    /// "12.3 s  (decode 0.4, clean 1.2, ocr 9.8, reread 0.9)  412 MB  NAME"
    public var line: String {
        let split = Self.stageNames.compactMap { stage in stageSeconds[stage].map { String(format: "%@ %.2f", stage, $0) } }
        let memory = peakRSSMB.map { String(format: "%5.0f MB", $0) } ?? "       "
        return String(format: "%7.2f s  %@  ", seconds, memory)
            + (split.isEmpty ? "" : "(" + split.joined(separator: ", ") + ")  ") + name
    }

    /// The N slowest, slowest first.
    public static func slowest(_ runs: [ReceiptRun], count: Int) -> [ReceiptRun] {
        Array(runs.sorted { ($0.seconds, $0.name) > ($1.seconds, $1.name) }.prefix(count))
    }

    /// Each stage's share of all stage time over `runs` (sums to 1 when any time was measured).
    public static func stageShare(_ runs: [ReceiptRun]) -> [String: Double] {
        var totals: [String: Double] = [:]
        for run in runs { for (stage, seconds) in run.stageSeconds { totals[stage, default: 0] += seconds } }
        let sum = totals.values.reduce(0, +)
        guard sum > 0 else { return [:] }
        return totals.mapValues { $0 / sum }
    }
}

extension Duration {
    var seconds: Double {
        let (s, atto) = components
        return Double(s) + Double(atto) / 1e18
    }
}
