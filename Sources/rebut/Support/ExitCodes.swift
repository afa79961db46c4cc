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

/// A usage error found after parsing (it needs the store to see), reported as ArgumentParser
/// reports one found while parsing: the message, the command's own usage, exit 64.
func usageFailure<Command: ParsableCommand>(_ command: Command.Type, path: String, _ message: String) -> ExitCode {
    printError("""
        Error: \(message)
        Usage: rebut \(path) \(command.usageString().split(separator: " ", maxSplits: 1).last ?? "")
          See 'rebut \(path) --help' for more information.
        """)
    return ExitCode.validationFailure
}
