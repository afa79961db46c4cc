import Foundation
import Imaging
import Ingest
import RebutCore
import Synchronization

/// Runs decode + clean + OCR on dedicated threads, one Tesseract engine per thread made once
/// and reused. Tesseract is CPU-bound C code that blocks for hundreds of milliseconds: it
/// must not run on Swift's cooperative pool, so callers await a continuation instead.
public final class OCRWorkerPool: Sendable {
    public let workers: Int
    public let settings: OCRSettings
    public let cleaning: CleaningOptions
    private let queue: JobQueue
    private let startups: [EngineStartup]
    private let jobsRun = Atomic<Int>(0)

    /// Files decoded and read so far: what shows that the same image in one batch is read once.
    public var filesRead: Int { jobsRun.load(ordering: .relaxed) }

    /// Starts `workers` threads, each with an engine starting on a thread of its own: a worker
    /// decodes and cleans its first receipt while its engine starts, so a lone scan does not
    /// wait 50–200 ms for Tesseract before its image is opened. What can be checked up front
    /// fails here rather than on the first receipt: a missing language, and with variables set,
    /// a misspelt one (only a started engine knows its variables, so then `init` waits for them).
    /// An engine that fails to start otherwise (unreadable language data) fails every receipt
    /// its worker takes, with the reason.
    public init(workers: Int, settings: OCRSettings, cleaning: CleaningOptions) throws {
        let count = max(1, workers)
        self.workers = count
        self.settings = settings
        self.cleaning = cleaning
        let queue = JobQueue()
        self.queue = queue
        try TesseractEngine.checkLanguages(settings)
        let startups = (0..<count).map { EngineStartup(settings: settings, name: "rebut-engine-\($0)") }
        self.startups = startups
        if !settings.variables.isEmpty { try waitForEngines() }
        for (index, startup) in startups.enumerated() {
            let thread = Thread {
                Self.work(engine: startup, cleaner: ReceiptCleaner(options: cleaning), queue: queue)
            }
            thread.name = "rebut-ocr-\(index)"
            // Tesseract recurses deeply on some layouts; the default secondary-thread stack is small.
            thread.stackSize = 16 << 20
            thread.start()
        }
    }

    deinit {
        queue.close()
    }

    /// Waits until every engine has started; the first one's reason when one could not. For
    /// callers that would rather fail at once than on their first receipt (a server, a watcher).
    public func waitForEngines() throws(OCRError) {
        for startup in startups { _ = try startup.engine() }
    }

    /// Why an engine could not start, once one has failed; nil while they start or when all did.
    public var engineFailure: OCRError? { startups.lazy.compactMap(\.failure).first }

    /// Decodes, cleans and reads one file on a worker thread (a PDF or a multi-page TIFF: every page, see `DocumentReader`).
    public func recognize(_ file: IngestedFile) async throws -> OCRPage {
        try await process(file).page
    }

    /// Like `recognize`, with the time each step took (for benchmarks and stage logs).
    public func process(_ file: IngestedFile) async throws -> OCROutcome {
        try await process(file, refine: nil)
    }

    /// Like `process`, then re-reads the lines `refine` asks for (see `LineRereader`), still on
    /// the worker thread, with the same engine and the cleaned image in hand. `refine` must be
    /// pure and fast: it runs on the worker. The readings land in `OCRPage.rereads`.
    ///
    /// `fallback` names the next page segmentation mode to read the whole page again in, or nil
    /// to stop; it sees the readings made so far, which land in `OCRPage.fallbackReadings`.
    ///
    /// `readingAhead`: the fallback mode an idle worker may read the page in while this one
    /// makes the first reading (see `SpeculativeReading`); nil reads nothing ahead.
    public func process(_ file: IngestedFile, rereading options: LineRereadOptions = .default,
                        refine: (@Sendable (OCRPage) -> [LineRereadRequest])?,
                        fallback: (@Sendable (OCRPage) -> Int?)? = nil,
                        readingAhead: Int? = nil) async throws -> OCROutcome {
        try Task.checkCancellation()
        let refinement = refine.map {
            Refinement(options: options, requests: $0, nextFallbackMode: fallback ?? { _ in nil }, readAheadMode: readingAhead)
        }
        jobsRun.add(1, ordering: .relaxed)
        return try await withCheckedThrowingContinuation { continuation in
            queue.submit(Job(file: file, refinement: refinement, continuation: continuation))
        }
    }

    /// Stops taking work: queued receipts fail with `OCRError.poolShutDown`, running ones
    /// finish, and each thread frees its engine as it exits.
    public func shutdown() {
        queue.close()
    }

    private static func work(engine startup: EngineStartup, cleaner: ReceiptCleaner, queue: JobQueue) {
        while let work = queue.next() {
            switch work {
            case .job(let job):
                job.continuation.resume(with: Result {
                    try run(job.file, engine: startup.engine, cleaner: cleaner, refinement: job.refinement, helpers: queue)
                })
            case .readAhead(let reading):
                if let engine = try? startup.engine() { reading.run(on: engine) } else { reading.abandon() }
                queue.finished(reading)
            }
        }
    }

    /// A cleaned image whose lines run down the page (a photo turned in its pixels, no EXIF to
    /// say so), where orientation detection agrees on a quarter turn, turned before the first
    /// reading, which would otherwise be spent on it sideways. The ink profile alone is not
    /// trusted: it calls some upright scans with dark borders sideways. `detected`: what
    /// orientation detection said of the image returned, when it was asked (the second look
    /// asks the same of the same image). `turns`: the quarter turns applied to `located`.
    /// `sideways`: the ink profile's verdict on the image returned, on the located receipt or on
    /// the cleaned image (enlarged and evened out, faint print can measure otherwise: a sideways
    /// photo with one bold line above faint print read as upright on its cleaned image only),
    /// for the second look to order its turns by; nil for an image turned here, not yet measured.
    static func standingUpright(_ cleaned: LeptonicaImage, located: LeptonicaImage, locatedSideways: Bool,
                                engine: TesseractEngine, cleaner: ReceiptCleaner)
        -> (image: LeptonicaImage, detected: Int??, turns: Int, sideways: Bool?) {
        guard locatedSideways || TextDirection.isSideways(cleaned) else { return (cleaned, nil, 0, false) }
        let detected = engine.uprightTurns(of: cleaned)
        guard let quarterTurns = detected, quarterTurns % 2 == 1,
              let upright = try? cleaner.turned(located, quarterTurns: quarterTurns) else { return (cleaned, .some(detected), 0, true) }
        return (upright, nil, quarterTurns, nil)
    }

    /// The located receipt (see `ReceiptCleaner.located`) turned and finished again with the
    /// other stroke weight, for the second look: thickened, or as printed where the first
    /// reading took it for dot-matrix print and thickened it (`ReceiptCleaner.dottedPrint`),
    /// so small solid print mistaken for dots still gets its plain reading.
    static func thickened(_ located: LeptonicaImage, by quarterTurns: Int, cleaner: ReceiptCleaner) -> LeptonicaImage? {
        var options = cleaner.options
        guard !options.thickenInk, let upright = try? cleaner.turnedLocated(located, quarterTurns: quarterTurns) else { return nil }
        if cleaner.dottedPrint(upright) != nil { options.thickenDottedPrint = false } else { options.thickenInk = true }
        return try? ReceiptCleaner(options: options).finish(upright)
    }

    /// The image read first, turned by further quarter turns: a half turn is the same pixels the
    /// other way up; a quarter turn is finished again from the located receipt.
    static func turned(_ image: LeptonicaImage, by quarterTurns: Int, located: LeptonicaImage, turnedAlready: Int,
                       cleaner: ReceiptCleaner) -> LeptonicaImage? {
        quarterTurns % 2 == 0 ? image.rotated(quarterTurns: quarterTurns)
            : try? cleaner.turned(located, quarterTurns: turnedAlready + quarterTurns)
    }

    /// What reading one decoded image gave: the page, the image it was read from, and the time
    /// spent cleaning and reading.
    struct ImageReading {
        var page: OCRPage
        var image: LeptonicaImage
        var clean: Duration
        var ocr: Duration
        /// The second look's one-block reading of `image`, where it read that very image (it need
        /// not be what the page was made from): a mode-6 reading of the same image again, to
        /// rejoin split columns or as the fallback, would give the same lines.
        var oneBlock: OCRPage? = nil
    }

    /// Cleans and reads a decoded image (a photo, a scan, a rendered PDF page): stood upright
    /// when its lines run down the page, then read, then a second look when that reading is poor.
    /// `cleaned` sees the image before it is read (to read it ahead elsewhere).
    /// `engineReady` gives the worker's engine, asked for only once the image is cleaned: it may
    /// still be starting (see `init`).
    static func read(_ decoded: LeptonicaImage, engine engineReady: () throws(OCRError) -> TesseractEngine,
                     cleaner: ReceiptCleaner, notes: inout [String],
                     cleaned: (LeptonicaImage) -> Void = { _ in }) throws -> ImageReading {
        let clock = ContinuousClock()
        let start = clock.now
        var localNotes = notes
        var locatedSideways = false
        let (located, finished) = try WorkerStepFailure.during(.clean) {
            let located = try cleaner.located(decoded, notes: &localNotes, sideways: &locatedSideways)
            return (located, try cleaner.finish(located))
        }
        let engine = try WorkerStepFailure.during(.ocr) { try engineReady() }
        let upright = standingUpright(finished, located: located, locatedSideways: locatedSideways, engine: engine, cleaner: cleaner)
        let (firstClean, detected, firstTurns) = (upright.image, upright.detected, upright.turns)
        notes = localNotes
        let afterClean = clock.now
        cleaned(firstClean)
        var oneBlock: (page: OCRPage, of: LeptonicaImage)?
        let (page, image) = try WorkerStepFailure.during(.ocr) {
            try SecondLook.improve(try engine.recognize(firstClean), of: firstClean, sideways: upright.sideways,
                                   uprightTurns: { image in
                                       if image === firstClean, let known = detected { return known }
                                       return engine.uprightTurns(of: image)
                                   },
                                   turn: { turned($0, by: $1, located: located, turnedAlready: firstTurns, cleaner: cleaner) },
                                   thickened: { thickened(located, by: firstTurns + $0, cleaner: cleaner) },
                                   asOneBlock: engine.settings.pageSegmentationMode == SplitColumns.oneBlockMode ? nil : {
                                       let block = try engine.recognize($0, pageSegmentationMode: SplitColumns.oneBlockMode)
                                       oneBlock = (block, $0)
                                       return block
                                   }) {
                try engine.recognize($0)
            }
        }
        let keptBlock = oneBlock.flatMap { $0.of === image ? $0.page : nil }
        let rejoined = try WorkerStepFailure.during(.ocr) {
            try SplitColumns.rejoined(page) {
                try keptBlock ?? engine.recognize(image, pageSegmentationMode: SplitColumns.oneBlockMode)
            }
        }
        let complete = !engine.settings.recoverUnreadBands ? rejoined : try WorkerStepFailure.during(.ocr) {
            try UnreadBands.recovered(rejoined, in: image) { try engine.recognize($0, pageSegmentationMode: SplitColumns.oneBlockMode) }
        }
        return ImageReading(page: complete, image: image, clean: afterClean - start, ocr: clock.now - afterClean, oneBlock: keptBlock)
    }

    /// `engineReady` gives the worker's engine, waiting while it starts: decoding and cleaning
    /// an image do not need it.
    static func run(_ file: IngestedFile, engine engineReady: @escaping () throws(OCRError) -> TesseractEngine, cleaner: ReceiptCleaner,
                    refinement: Refinement? = nil, helpers: JobQueue? = nil) throws -> OCROutcome {
        if DocumentPages.isDocument(file) {
            return try DocumentReader(engine: engineReady, cleaner: cleaner, refinement: refinement, helpers: helpers).read(file)
        }
        let clock = ContinuousClock()
        let start = clock.now
        let decoded = try WorkerStepFailure.during(.decode) {
            try ImageDecoder.decode(file, maxPixels: cleaner.options.maxPixels, pixelBudget: cleaner.options.decodePixelBudget, grey: true)
        }
        let afterDecode = clock.now
        var notes: [String] = []
        var ahead: SpeculativeReading?
        defer { ahead?.abandon() }
        let reading = try read(decoded, engine: engineReady, cleaner: cleaner, notes: &notes) { image in
            ahead = helpers?.readAhead(image, for: refinement)
        }
        let engine = try engineReady()
        var page = reading.page
        let cleaned = reading.image
        let afterClean = afterDecode + reading.clean
        page.notes = notes
        let afterOCR = afterClean + reading.ocr
        if let refinement {
            let requests = refinement.requests(page)
            if !requests.isEmpty {
                var budget = RereadBudget(firstReading: page)
                page.rereads = LineRereader(options: refinement.options).reread(requests, of: page, in: cleaned, engine: engine,
                                                                                budget: &budget)
            }
            while let mode = refinement.nextFallback(for: page, besides: engine.settings.pageSegmentationMode) {
                let again = try SplitColumns.alreadyRead(reading.oneBlock, inMode: mode)
                    ?? ahead?.claim(for: cleaned, pageSegmentationMode: mode)
                    ?? engine.recognize(cleaned, pageSegmentationMode: mode)
                page.fallbackReadings.append(FallbackReading(pageSegmentationMode: mode, lines: again.lines))
            }
        }
        let afterReread = clock.now
        // The picker draws the boxes on this; without it (Leptonica failed) it falls back to an
        // estimate on the original, so a failure here must not cost the receipt.
        let readImage = try? cleaned.readImage()
        return OCROutcome(page: page, decode: afterDecode - start, clean: afterClean - afterDecode,
                          ocr: afterOCR - afterClean, reread: afterReread - afterOCR,
                          readImage: readImage, keep: clock.now - afterReread)
    }
}

/// Which step on the worker failed, so the failure names the right stage (a decoding error is
/// not a cleaning one).
public struct WorkerStepFailure: Error, Sendable, CustomStringConvertible {
    public enum Step: String, Sendable { case decode, clean, ocr }
    public var step: Step
    public var underlying: any Error

    public var reason: String { "\(underlying)" }
    public var description: String { "\(step.rawValue): \(underlying)" }

    static func during<T>(_ step: Step, _ work: () throws -> T) throws -> T {
        do { return try work() } catch { throw WorkerStepFailure(step: step, underlying: error) }
    }
}

/// One page and what each step cost.
public struct OCROutcome: Sendable {
    public var page: OCRPage
    public var decode: Duration
    public var clean: Duration
    public var ocr: Duration
    /// Re-reading uncertain lines (zero without a refinement).
    public var reread: Duration = .zero
    /// The image the boxes are in, kept with the receipt (see `ReadImage`); nil when there is
    /// none to keep (a document of several pages or a PDF with a text layer, see `DocumentReader`).
    public var readImage: ReadImage? = nil
    /// Encoding `readImage`.
    public var keep: Duration = .zero
    public var total: Duration { decode + clean + ocr + reread + keep }
    public var timings: OCRTimings { OCRTimings(decode: decode, clean: clean, ocr: ocr, reread: reread, keep: keep) }
}

/// The cost of each step of one receipt, without the page.
public struct OCRTimings: Sendable, Hashable {
    public var decode: Duration
    public var clean: Duration
    public var ocr: Duration
    public var reread: Duration
    /// Encoding the read image kept with the receipt.
    public var keep: Duration = .zero
}

/// Which lines to re-read, and how: asked once the page has been read.
struct Refinement: Sendable {
    /// Whole-page readings after the first, whatever the planner asks: what keeps a receipt at
    /// about two OCR passes (issue 10's bound: twice a bare `tesseract` run).
    static let maxFallbackReadings = 1

    let options: LineRereadOptions
    let requests: @Sendable (OCRPage) -> [LineRereadRequest]
    let nextFallbackMode: @Sendable (OCRPage) -> Int?
    /// The fallback mode an idle worker may read the page in ahead of need.
    var readAheadMode: Int? = nil

    /// The next whole-page reading to make, for an image and a PDF alike: what the planner asks,
    /// within the bound, never the mode of the first reading nor one already made.
    ///
    /// None for a page that read as noise (fewer legible words than `SecondLook.minimumWords`
    /// after the second looks): reading noise again in another mode finds no field, and mode 6
    /// read a page of stretched lid grain for 12 s into 400 KB of junk.
    func nextFallback(for page: OCRPage, besides firstMode: Int) -> Int? {
        guard page.fallbackReadings.count < Self.maxFallbackReadings, SecondLook.wordCount(page) >= SecondLook.minimumWords,
              let mode = nextFallbackMode(page),
              mode != firstMode, !page.fallbackReadings.contains(where: { $0.pageSegmentationMode == mode }) else { return nil }
        return mode
    }
}

private struct Job: Sendable {
    let file: IngestedFile
    var refinement: Refinement? = nil
    let continuation: CheckedContinuation<OCROutcome, any Error>
}

/// What a worker takes next: a receipt, or a page to read ahead for a receipt in progress.
private enum Work {
    case job(Job)
    case readAhead(SpeculativeReading)
}

/// FIFO of jobs shared by the worker threads; a condition variable parks idle workers. Pages
/// read ahead only go to workers that would otherwise sit idle, and receipts come first: a
/// receipt that finds no idle worker stops a reading ahead, whose worker then takes it.
final class JobQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var head = 0
    /// Readings ahead waiting for an idle worker, and those being made, oldest first.
    private var queuedAhead: [SpeculativeReading] = []
    private var runningAhead: [SpeculativeReading] = []
    /// Workers parked in `next`.
    private var idle = 0
    private var closed = false

    fileprivate func submit(_ job: Job) {
        condition.lock()
        guard !closed else {
            condition.unlock()
            job.continuation.resume(throwing: OCRError.poolShutDown)
            return
        }
        jobs.append(job)
        if idle == 0, let preempted = runningAhead.first { preempted.abandon() }
        condition.signal()
        condition.unlock()
    }

    /// A worker is done with a reading ahead (made, stopped or dropped).
    func finished(_ reading: SpeculativeReading) {
        condition.lock()
        runningAhead.removeAll { $0 === reading }
        condition.unlock()
    }

    /// `image` read ahead in `refinement`'s fallback mode, when it names one and a worker is
    /// idle; nil otherwise.
    func readAhead(_ image: LeptonicaImage, for refinement: Refinement?) -> SpeculativeReading? {
        guard let mode = refinement?.readAheadMode else { return nil }
        return readAhead { SpeculativeReading(of: image, pageSegmentationMode: mode) }
    }

    /// Queues the reading `make` builds when a worker is idle and no receipt waits; nil
    /// otherwise (and `make` is not called: its copy of the page is not made for nothing).
    func readAhead(_ make: () -> SpeculativeReading) -> SpeculativeReading? {
        condition.lock()
        defer { condition.unlock() }
        guard !closed, head == jobs.count, idle > queuedAhead.count else { return nil }
        let reading = make()
        queuedAhead.append(reading)
        condition.signal()
        return reading
    }

    /// The next work, or nil once the queue is closed (the worker then exits).
    fileprivate func next() -> Work? {
        condition.lock()
        defer { condition.unlock() }
        while head == jobs.count && queuedAhead.isEmpty && !closed {
            idle += 1
            condition.wait()
            idle -= 1
        }
        guard !closed else { return nil }
        guard head < jobs.count else {
            let reading = queuedAhead.removeFirst()
            runningAhead.append(reading)
            return .readAhead(reading)
        }
        let job = jobs[head]
        head += 1
        if head > 64 && head * 2 > jobs.count {
            jobs.removeFirst(head)
            head = 0
        }
        return .job(job)
    }

    func close() {
        condition.lock()
        let abandoned = jobs[head...]
        jobs = []
        head = 0
        queuedAhead = []
        runningAhead.forEach { $0.abandon() }
        runningAhead = []
        let wasClosed = closed
        closed = true
        condition.broadcast()
        condition.unlock()
        guard !wasClosed else { return }
        for job in abandoned { job.continuation.resume(throwing: OCRError.poolShutDown) }
    }
}

/// An engine started on a thread of its own, for the worker that will own it (see
/// `OCRWorkerPool.init`). Once handed over, the engine is used by that worker alone.
final class EngineStartup: @unchecked Sendable {
    private let condition = NSCondition()
    private var result: Result<TesseractEngine, OCRError>?

    init(settings: OCRSettings, name: String) {
        let thread = Thread { [self] in
            let started = Result { () throws(OCRError) -> TesseractEngine in try TesseractEngine(settings: settings) }
            condition.lock()
            result = started
            condition.broadcast()
            condition.unlock()
        }
        thread.name = name
        thread.start()
    }

    /// Why the engine could not start, once that is known.
    var failure: OCRError? {
        condition.lock()
        defer { condition.unlock() }
        if case .failure(let error) = result { return error }
        return nil
    }

    /// The engine, waited for while it starts; the reason when it could not.
    func engine() throws(OCRError) -> TesseractEngine {
        condition.lock()
        defer { condition.unlock() }
        while result == nil { condition.wait() }
        return try result!.get()
    }
}
