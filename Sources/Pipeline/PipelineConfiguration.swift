import Foundation
import Imaging
import OCR

/// Everything that changes what the pipeline produces, gathered so that a benchmark run can
/// state exactly what it measured.
public struct PipelineConfiguration: Sendable {
    /// Tesseract language codes joined by "+", e.g. "eng" or "spa+cat".
    public var languages: String
    public var cleaning: CleaningOptions
    public var ocr: OCRSettings
    /// Worker threads, each with its own Tesseract engine.
    public var jobs: Int
    public var maxFileBytes: Int
    /// "Today", for date plausibility; nil means the machine's date.
    public var referenceDate: Date?
    /// Read parts of the page again (see `RereadPlanner`): lines likely to hold an uncertain date or
    /// vendor, the line of a picked date whose digits Tesseract doubts, and the whole page when it
    /// has no date or total at all. Off only to measure what it is worth: on sroie-dev, date
    /// 89.4 → 95.6 and all three 76.7 → 80.6 with it, for ~13% of the speed (3.25 → 2.84
    /// receipts/s on 2 cores, one run each).
    public var rereadUncertainFields: Bool = true
    public var reread: LineRereadOptions = .default

    public init(languages: String = "eng",
                cleaning: CleaningOptions = .default,
                ocr: OCRSettings? = nil,
                jobs: Int = PipelineConfiguration.defaultJobs,
                maxFileBytes: Int = 100 << 20,
                referenceDate: Date? = nil) {
        self.languages = languages
        self.cleaning = cleaning
        self.ocr = ocr ?? .default(languages: languages)
        self.jobs = max(1, jobs)
        self.maxFileBytes = maxFileBytes
        self.referenceDate = referenceDate
    }

    /// One worker per core: Tesseract is CPU-bound and single-threaded under OMP_THREAD_LIMIT=1.
    /// At most `maxDefaultJobs`: each engine holds 50–100 MB, and a batch is rarely wider.
    public static var defaultJobs: Int { min(maxDefaultJobs, max(1, ProcessInfo.processInfo.activeProcessorCount)) }
    public static let maxDefaultJobs = 8

    /// Never more engines than inputs (each costs 50–200 ms to start and tens of megabytes),
    /// but for a second one beside a lone input, unless asked otherwise: it reads the page ahead
    /// in the fallback mode while the first reading is made (see `SpeculativeReading`), and,
    /// started side by side with the first, costs no wall time, only its memory.
    public static func jobs(requested: Int?, inputs: Int) -> Int {
        if let requested { return max(1, min(requested, inputs)) }
        guard inputs > 0 else { return 1 }
        return min(defaultJobs, max(inputs, 2))
    }

    /// Tesseract codes as Extraction's language hints ("spa+cat" → ["spa", "cat"]).
    public var languageHints: [String] {
        languages.split(separator: "+").map(String.init)
    }
}

/// The cleaning steps a measurement can switch off, by name, without depending on Imaging.
public enum CleaningStep: String, Sendable, CaseIterable {
    case crop, deskew, flatten, fan, normalize, scale, stretch, dotted
}

extension PipelineConfiguration {
    public init(languages: String, jobs: Int?, disabling steps: Set<CleaningStep> = []) {
        var cleaning = CleaningOptions.default
        for step in steps {
            switch step {
            case .crop: cleaning.crop = false
            case .deskew: cleaning.deskew = false
            case .flatten: cleaning.flattenCurl = false
            case .fan: cleaning.levelFan = false
            case .normalize: cleaning.normalizeBackground = false
            case .scale: cleaning.scale = false
            case .stretch: cleaning.stretchFaintInk = false
            case .dotted: cleaning.thickenDottedPrint = false
            }
        }
        self.init(languages: languages, cleaning: cleaning, jobs: jobs ?? Self.defaultJobs)
    }
}
