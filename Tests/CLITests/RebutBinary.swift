import Foundation
import RebutCore
import RebutTestSupport

/// Runs the built `rebut` executable, as a user would, with its own store.
struct RebutBinary {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The executable SwiftPM built beside this test bundle.
    static let executable: URL = {
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var dir = products.deletingLastPathComponent()
        // swift-testing runs inside the .xctest bundle on some set-ups.
        while dir.path != "/" {
            let candidate = dir.appendingPathComponent("rebut")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir.deleteLastPathComponent()
        }
        return Fixtures.packageRoot.appendingPathComponent(".build/debug/rebut")
    }()

    let store: URL
    /// The program run: the built one, or a copy of it somewhere else.
    var program: URL = RebutBinary.executable
    var environment: [String: String] = ProcessInfo.processInfo.environment
    /// A command that runs the binary (e.g. setpriv to drop root), or nothing.
    var prefix: [String] = []
    /// The working directory the binary starts in; nil keeps the test's own.
    var directory: URL?

    init(store: URL) {
        self.store = store
        environment["REBUT_STORE"] = store.path
        environment["OMP_THREAD_LIMIT"] = "1"
    }

    @discardableResult
    func run(_ arguments: [String], stdin: String? = nil) throws -> Run {
        let process = Process()
        if let launcher = prefix.first {
            process.executableURL = URL(fileURLWithPath: launcher)
            process.arguments = Array(prefix.dropFirst()) + [program.path] + arguments
        } else {
            process.executableURL = program
            process.arguments = arguments
        }
        process.environment = environment
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Drain stderr on another thread while reading stdout here, so that neither pipe can
        // fill up and stall the child.
        let errorBox = DataBox()
        let drained = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            errorBox.data = err.fileHandleForReading.readDataToEndOfFile()
            drained.signal()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        let errData = errorBox.data
        process.waitUntilExit()
        return Run(status: process.terminationStatus,
                   stdout: String(decoding: outData, as: UTF8.self),
                   stderr: String(decoding: errData, as: UTF8.self))
    }

    func json(_ arguments: [String]) throws -> Any {
        let result = try run(arguments)
        guard result.status == 0 else {
            throw CLIError("rebut \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)")
        }
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }
}

/// The same calls from async tests: waiting for the child happens on the blocking-I/O queue, so a
/// test never holds one of the cooperative threads (two on a 2-core machine) that the watcher's
/// and the pipeline's own tasks need. Swift picks these in an async context.
extension RebutBinary {
    @discardableResult
    func run(_ arguments: [String], stdin: String? = nil) async throws -> Run {
        try await BlockingIO.run { try self.run(arguments, stdin: stdin) as Run }
    }

    func json(_ arguments: [String]) async throws -> Any {
        let result = try await run(arguments)
        guard result.status == 0 else {
            throw CLIError("rebut \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)")
        }
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }
}

struct CLIError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

private final class DataBox: @unchecked Sendable {
    var data = Data()
}
