import Foundation
import Imaging
import Synchronization

/// Set from any thread to stop a reading in progress: Tesseract asks between words.
public final class ReadingCancellation: Sendable {
    private let flag = Atomic<Bool>(false)

    public init() {}

    public var isCancelled: Bool { flag.load(ordering: .acquiring) }
    public func cancel() { flag.store(true, ordering: .releasing) }
}

/// The whole page read in the fallback mode by an idle worker while its owner makes the first
/// reading, before anyone knows the fallback will be wanted.
///
/// A lone receipt (one scan, a file dropped in the watched folder) leaves every core but one
/// idle, and the fallback reading, about as long as the first, is what took such receipts past
/// twice a bare `tesseract` run: read side by side, the receipt takes one reading's time
/// instead of two. In a busy batch no worker is idle and nothing is read ahead; a receipt that
/// arrives while a page is being read ahead stops that reading (see `JobQueue`), and the owner
/// reads the fallback itself when it wants it, as before. The result is the same either way:
/// the same image read in the same mode by an engine with the same settings.
final class SpeculativeReading: @unchecked Sendable {
    private enum State {
        case queued, running, finished(OCRPage?), abandoned
    }

    /// The image the owner read first, kept to check that the fallback is wanted for it (a
    /// second look may read another image), and the helper's own copy of its pixels:
    /// Leptonica's reference counts are not atomic, so two threads never share a PIX.
    let source: LeptonicaImage
    private let pixels: LeptonicaImage
    let pageSegmentationMode: Int
    private let cancellation = ReadingCancellation()
    private let condition = NSCondition()
    private var state = State.queued

    init(of image: LeptonicaImage, pageSegmentationMode: Int) {
        source = image
        pixels = image.copy()
        self.pageSegmentationMode = pageSegmentationMode
    }

    /// On the helper's thread: the reading, unless the owner gave it up before it started.
    func run(on engine: TesseractEngine) {
        condition.lock()
        guard case .queued = state else { condition.unlock(); return }
        state = .running
        condition.unlock()
        let page = try? engine.recognize(pixels, pageSegmentationMode: pageSegmentationMode, cancelledBy: cancellation)
        condition.lock()
        state = .finished(page)
        condition.broadcast()
        condition.unlock()
    }

    /// On the owner's thread, for the fallback it wants now: the helper's reading, waited for
    /// if it is being made; nil when no helper started it (it never will: the owner reads
    /// itself) or when it failed.
    func claim(for image: LeptonicaImage, pageSegmentationMode mode: Int) -> OCRPage? {
        guard image === source, mode == pageSegmentationMode else { return nil }
        condition.lock()
        defer { condition.unlock() }
        while true {
            switch state {
            case .queued, .abandoned:
                state = .abandoned
                return nil
            case .running:
                condition.wait()
            case .finished(let page):
                return page
            }
        }
    }

    /// The owner no longer wants the reading: it is dropped if queued, stopped if running.
    func abandon() {
        condition.lock()
        defer { condition.unlock() }
        switch state {
        case .queued: state = .abandoned
        case .running: cancellation.cancel()
        case .finished, .abandoned: break
        }
    }
}
