import Foundation

/// How engines are set up. Hashable so a pool can tell whether settings changed.
public struct OCRSettings: Sendable, Hashable {
    /// Tesseract language codes joined by "+": "eng", "spa+cat".
    public var languages: String
    /// Tesseract page segmentation mode (PSM); receipts read best as one column (4), see `rebut bench ocr`.
    public var pageSegmentationMode: Int
    /// Folder holding `<lang>.traineddata`; nil means Tesseract's own default (or TESSDATA_PREFIX).
    public var systemTessdata: String?
    /// Rebut's Tesseract config, user words and patterns (see `BuiltInTessdata`).
    /// nil or missing means Tesseract's built-in defaults.
    public var projectTessdata: URL?
    /// Extra Tesseract variables, applied after the project config (so they win).
    public var variables: [String: String]
    /// Resolution told to Tesseract when the image carries none; Tesseract guesses 70 dpi
    /// (and warns on stderr) otherwise.
    public var fallbackResolution: Int
    /// Re-join amounts split at the decimal point ("73. 00" → "73.00"); see `SplitAmountJoiner`.
    public var joinSplitAmounts: Bool
    /// Read again, as one block, the bands of print the page's layout analysis left out (see
    /// `UnreadBands`).
    public var recoverUnreadBands: Bool = true
    /// One reading may take this long before Tesseract is told to stop and the receipt fails
    /// with that reason: no image may hang a batch or the watcher. A receipt reads in well
    /// under a second on one core; a whole A4 page in a few.
    public var recognitionDeadline: Duration = .seconds(60)

    public init(languages: String, pageSegmentationMode: Int, systemTessdata: String? = nil,
                projectTessdata: URL? = nil, variables: [String: String] = [:], fallbackResolution: Int = 300,
                joinSplitAmounts: Bool = true) {
        self.languages = languages
        self.pageSegmentationMode = pageSegmentationMode
        self.systemTessdata = systemTessdata
        self.projectTessdata = projectTessdata
        self.variables = variables
        self.fallbackResolution = fallbackResolution
        self.joinSplitAmounts = joinSplitAmounts
    }

    public static func `default`(languages: String = "eng") -> OCRSettings {
        OCRSettings(languages: languages, pageSegmentationMode: 4,
                    projectTessdata: locateProjectTessdata())
    }

    /// Rebut's additions to Tesseract: the folder named by REBUT_TESSDATA (to try other word
    /// lists), else the ones built into the binary (see `BuiltInTessdata`), so that a copied or
    /// installed binary reads exactly as the one that was measured.
    public static func locateProjectTessdata() -> URL? {
        if let fromEnvironment = ProcessInfo.processInfo.environment["REBUT_TESSDATA"], !fromEnvironment.isEmpty {
            var isDirectory: ObjCBool = false
            let url = URL(fileURLWithPath: fromEnvironment)
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
                ? url.standardizedFileURL : nil
        }
        return BuiltInTessdata.folder
    }

    /// Where Tesseract will look for language data.
    var resolvedSystemTessdata: String {
        if let systemTessdata { return systemTessdata }
        if let prefix = ProcessInfo.processInfo.environment["TESSDATA_PREFIX"], !prefix.isEmpty { return prefix }
        return "/usr/share/tesseract-ocr/5/tessdata"
    }
}
