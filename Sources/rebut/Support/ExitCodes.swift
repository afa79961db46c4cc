import ArgumentParser

/// Exit codes a script can act on; listed in `rebut --help`.
enum RebutExit {
    /// Some inputs failed; the rest were handled.
    static let someInputsFailed = ExitCode(1)
    /// A named event, receipt or value was not found or not valid.
    static let notFound = ExitCode(2)
    /// The OCR engine or the store could not be used at all.
    static let internalError = ExitCode(70)
}
