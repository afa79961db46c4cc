import ArgumentParser
import Foundation
import Watcher

struct RetryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retry",
        abstract: "Put the files in a watched folder's failed/ back, to be read again.",
        discussion: """
        Each file goes back where it was (a subfolder keeps its event) and its .error.txt is \
        removed. A running `rebut watch` picks them up at once; otherwise the next start does.

        Example:
          rebut retry ~/Receipts
        """)

    @Argument(help: ArgumentHelp("The watched folder.", valueName: "dir"))
    var directory: String

    func run() throws {
        let folder = WatchedFolder(root: URL(fileURLWithPath: (directory as NSString).expandingTildeInPath))
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            printError("rebut: \(directory) is not a directory")
            throw RebutExit.notFound
        }
        do {
            let restored = try Disposer(folder: folder).retryFailed()
            for url in restored { print(folder.relativePath(of: url) ?? url.path) }
            printError("\(restored.count) file\(restored.count == 1 ? "" : "s") put back in \(folder.root.path)")
        } catch {
            printError("rebut: \(error)")
            throw RebutExit.someInputsFailed
        }
    }
}
