/// Which cleaning steps run. Each one can be switched off so `rebut bench ocr` can measure
/// what it is worth; the defaults are the measured best on SROIE scans (see the commit log).
public struct CleaningOptions: Sendable, Codable, Hashable {
    /// Cut the receipt out of its background (a table, a flatbed's white lid).
    public var crop: Bool
    /// Straighten small rotations (a few degrees) that break Tesseract's line finding.
    public var deskew: Bool
    /// Straighten lines bowed by a slip curling up at its edges (see `LineCurl`).
    public var flattenCurl: Bool = true
    /// Level lines fanned out by a slip seen from one side (see `LineFan`).
    public var levelFan: Bool = true
    /// Flatten uneven lighting and faded thermal paper to a white background.
    public var normalizeBackground: Bool
    /// Normalise only when the paper's brightness spreads over at least this many grey levels
    /// (10th–90th percentile); 0 normalises always. Evenly lit flatbed scans read better left
    /// alone, photos with a light fall-off read better normalised.
    public var unevenBackgroundThreshold: Int
    /// Stretch the grey levels when even the darkest print is light (a faded thermal slip), or
    /// the paper itself is dark (a photo taken in dim light), so Tesseract's LSTM, which reads
    /// grey values, sees dark text on white paper.
    public var stretchFaintInk: Bool
    /// Smooth out a dim photo's sensor grain or a grainy scan's with a 3×3 median before
    /// Tesseract thresholds the page (see `Grain`).
    public var smoothGrain: Bool = true
    /// Deepen print washed out by a reflection to the contrast of the rest of the slip's print
    /// (see `WashedPrint`).
    public var deepenWashedPrint: Bool = true
    /// Darken and widen thin strokes before sizing (grey erosion): dot-matrix and light
    /// thermal print whose dots Tesseract reads as noise, and whose dots the size estimate
    /// takes for characters.
    public var thickenInk: Bool
    /// Read dot-matrix print thickened from the start: where the text size estimate asks to
    /// enlarge at least twice and thickening at least doubles the measured character height,
    /// the "characters" were dots (see `ReceiptCleaner.dottedPrint`).
    public var thickenDottedPrint: Bool = true
    /// Binarise ourselves instead of leaving it to Tesseract. Off by default: Tesseract's LSTM
    /// reads the grey image and thresholds only for layout, so binarising loses detail.
    public var binarize: Bool
    public var binarization: Binarization
    /// Resize so text lands at the height Tesseract reads best.
    public var scale: Bool
    /// Target median character height in pixels when scaling (Tesseract's LSTM likes ~20–30 px x-height).
    public var targetCharacterHeight: Int
    /// A fixed factor instead of measuring the text (for experiments and known scanners).
    public var fixedScaleFactor: Double?
    /// Images with more pixels are refused before decoding.
    public var maxPixels: Int
    /// Pixels a decoded image may keep: larger ones are decoded reduced (JPEG, through libjpeg's
    /// DCT scaling, so the full size is never in memory) or scaled down right after decoding.
    /// See `PixelBudget` for why 16 MP.
    public var decodePixelBudget: Int
    /// Scaling text up to `targetCharacterHeight` never makes an image larger than this: a
    /// misread text size (a scanner lid's texture taken for 7 px characters) once scaled whole
    /// A4 pages 4× to 140 MP and took minutes to read.
    public var maxScaledPixels: Int

    public enum Binarization: String, Sendable, Codable, Hashable, CaseIterable {
        /// Tiled Otsu: robust on scans with even text.
        case otsu
        /// Sauvola local threshold: keeps faint strokes under uneven light.
        case sauvola
    }

    public init(crop: Bool = true, deskew: Bool = true, normalizeBackground: Bool = true, unevenBackgroundThreshold: Int = 30,
                stretchFaintInk: Bool = true, thickenInk: Bool = false, binarize: Bool = false, binarization: Binarization = .otsu,
                scale: Bool = true, targetCharacterHeight: Int = 28, fixedScaleFactor: Double? = nil,
                maxPixels: Int = 60_000_000, decodePixelBudget: Int = PixelBudget.decodeDefault,
                maxScaledPixels: Int = PixelBudget.scalingDefault) {
        self.crop = crop
        self.deskew = deskew
        self.normalizeBackground = normalizeBackground
        self.unevenBackgroundThreshold = unevenBackgroundThreshold
        self.stretchFaintInk = stretchFaintInk
        self.thickenInk = thickenInk
        self.binarize = binarize
        self.binarization = binarization
        self.scale = scale
        self.targetCharacterHeight = targetCharacterHeight
        self.fixedScaleFactor = fixedScaleFactor
        self.maxPixels = maxPixels
        self.decodePixelBudget = decodePixelBudget
        self.maxScaledPixels = maxScaledPixels
    }

    public static let `default` = CleaningOptions()
}
