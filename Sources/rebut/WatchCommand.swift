import ArgumentParser
import Dispatch
import Foundation
import Logging
import Pipeline
import Store
import Watcher
#if canImport(Glibc)
import Glibc
#endif

struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "File every receipt image dropped into a folder, once, in the background.",
        discussion: """
        A subfolder's name is the event for what is inside it (created if new). Files at the \
        top go to --event, else to the active event whose dates contain the receipt's date, \
        else to "Inbox". A file is read only once it is complete: size and time unchanged for \
        --settle seconds, and closed by its writer; .part, .crdownload, .tmp, ~ and hidden \
        files are left alone.

        Once a receipt is in the store its file is deleted (the store keeps the image), or \
        moved to --keep. A file that cannot be read goes to failed/ with NAME.error.txt \
        beside it (`rebut retry DIR` puts it back); an image already filed goes to duplicates/.

        SIGTERM or Ctrl-C finishes the receipts in hand and exits 0. Killed outright, a restart \
        finishes the job: nothing is lost, nothing is filed twice.

        Examples:
          rebut watch ~/Receipts
          rebut watch /mnt/share/scans --poll 10 --event "Flat 2B"
          rebut watch ~/Receipts --once        # cron: file what is there, then exit
        """)

    @Argument(help: ArgumentHelp("The folder to watch.", valueName: "dir"))
    var directory: String

    @Option(name: .long, help: "The event for files at the top of the folder (created if new).")
    var event: String?

    @Option(name: .long, help: ArgumentHelp("Seconds a file must stay unchanged before it is read.", valueName: "seconds"))
    var settle: Double = 2

    @Option(name: .long, help: ArgumentHelp("Poll every N seconds instead of using inotify (network shares).", valueName: "seconds"))
    var poll: Double?

    @Option(name: .long, help: ArgumentHelp("Seconds between full listings, in case a change was missed.", valueName: "seconds"))
    var rescan: Double = 60

    @Option(name: .long, help: ArgumentHelp("Move originals here after filing instead of deleting them.", valueName: "dir"))
    var keep: String?

    @Flag(name: .long, help: "File what is in the folder now (waiting until it is complete), then exit.")
    var once = false

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var pipelineOptions: PipelineOptions

    func validate() throws {
        if !(settle >= 0 && settle <= 3600) { throw ValidationError("--settle takes 0 to 3600 seconds") }
        if let poll, !(poll > 0 && poll <= 3600) { throw ValidationError("--poll takes more than 0 and up to 3600 seconds") }
        if !(rescan > 0) { throw ValidationError("--rescan must be more than 0 seconds") }
    }

    func run() async throws {
        LoggingSystem.bootstrap { StreamLogHandler.standardError(label: $0) }
        let folder = WatchedFolder(root: URL(fileURLWithPath: (directory as NSString).expandingTildeInPath),
                                   keep: keep.map { URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath) })
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            printError("rebut: \(directory) is not a directory")
            throw RebutExit.notFound
        }
        if let overlap = folder.overlap(withStore: storeOptions.url) {
            printError("rebut: \(overlap)")
            throw ExitCode.validationFailure
        }
        let store = try storeOptions.open(.create)
        let analyser = try await pipelineOptions.makeAnalyser()
        let options = WatchOptions(settle: .milliseconds(Int64(settle * 1000)),
                                   poll: poll.map { .milliseconds(Int64($0 * 1000)) },
                                   rescan: .milliseconds(Int64(rescan * 1000)),
                                   once: once, event: event,
                                   concurrency: analyser.configuration.jobs * 2)
        let watcher = FolderWatcher(folder: folder, filer: ReceiptFiler(analyser: analyser, store: store),
                                    options: options)

        // The default action would kill the process mid-receipt; these finish what is in hand.
        var sources: [any DispatchSourceSignal] = []
        for number in [SIGTERM, SIGINT] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { watcher.requestStop() }
            source.resume()
            sources.append(source)
        }
        defer { sources.forEach { $0.cancel() } }

        let summary: WatchSummary
        do {
            summary = try await watcher.run()
        } catch {
            printError("rebut: \(error)")
            throw RebutExit.internalError
        }
        if once, summary.failed > 0 { throw RebutExit.someInputsFailed }
    }
}
