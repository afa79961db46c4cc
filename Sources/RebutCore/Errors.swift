/// Why one input could not be turned into a receipt. Every case names the reason in words a
/// user can act on; the file name is added by whoever reports it.
public enum ReceiptInputError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(String)
    case empty
    case notAnImage(String)
    case unsupportedFormat(String)
    case corrupt(String)
    case tooLarge(width: Int, height: Int, limit: Int)
    case noText
    /// A PDF that needs a password to open: Rebut never guesses or asks for one.
    case passwordProtected
    case tooManyPages(count: Int, limit: Int)

    public var description: String {
        switch self {
        case .unreadable(let why): return "cannot read the file: \(why)"
        case .empty: return "the file is empty"
        case .notAnImage(let what): return "not an image (\(what))"
        case .unsupportedFormat(let format): return "unsupported image format: \(format)"
        case .corrupt(let why): return "corrupt image: \(why)"
        case .tooLarge(let w, let h, let limit):
            return "image too large: \(w)×\(h) pixels is over the limit of \(limit) pixels"
        case .noText: return "no text found on the image"
        case .passwordProtected: return "the PDF is protected by a password: save an unprotected copy and file that"
        case .tooManyPages(let count, let limit):
            return "the file has \(count) pages, over the limit of \(limit) for one receipt: split it into one file per receipt"
        }
    }
}
