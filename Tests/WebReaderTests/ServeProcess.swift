import Foundation
import IceboxTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A running `icebox serve`, its port and token read from the line it prints once it listens.
final class ServeProcess: Sendable {
    let port: Int
    /// The owner's token from the printed address (`?token=…`); `nil` when it printed none.
    let token: String?
    let running: RunningProcess

    struct Failed: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Starts `icebox` with `arguments` and waits (30 s at most) for "… at http://127.0.0.1:PORT/".
    static func start(_ arguments: [String]) async throws -> ServeProcess {
        let running = try RunningProcess(CommandRunner.productsDirectory.appending(path: "icebox"), arguments)
        for _ in 0..<300 {
            let output = running.output()
            if let match = output.firstMatch(of: #/at http://127\.0\.0\.1:(\d+)/(?:\?token=([0-9a-f]+))?/#),
                let port = Int(match.1)
            {
                return ServeProcess(port: port, token: match.2.map(String.init), running: running)
            }
            if running.hasExited { throw Failed("icebox serve ended: \(output) \(running.errors())") }
            try await Task.sleep(for: .milliseconds(100))
        }
        running.signal(SIGKILL)
        throw Failed("icebox serve did not start: \(running.errors())")
    }

    private init(port: Int, token: String?, running: RunningProcess) {
        self.port = port
        self.token = token
        self.running = running
    }

    /// Runs `body` against `icebox` started with `arguments` (a `serve`), then stops it with SIGTERM and
    /// checks that it ended gracefully (exit 0).
    static func serving(_ arguments: [String], _ body: (Served) async throws -> Void) async throws {
        let process = try await start(arguments)
        do {
            try await body(process.served)
        } catch {
            process.running.signal(SIGKILL)
            throw error
        }
        process.running.signal(SIGTERM)
        guard try await process.running.waitForExit(seconds: 20), process.running.exitStatus == 0 else {
            process.running.signal(SIGKILL)
            throw Failed("icebox serve did not stop gracefully: \(process.running.errors())")
        }
    }

    /// Requests to it, with the owner's cookie.
    var served: Served { Served(port: port, token: token) }
}

/// A started executable whose output goes to files a test reads while it runs.
final class RunningProcess: @unchecked Sendable {
    private let process = Process()
    private let scratch: TemporaryDirectory

    init(_ executable: URL, _ arguments: [String]) throws {
        scratch = try TemporaryDirectory("icebox-serve-out")
        for name in ["stdout", "stderr"] {
            _ = FileManager.default.createFile(atPath: scratch.url.appending(path: name).path, contents: nil)
        }
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["ICEBOX_HOME"] = nil
        process.environment = environment
        process.standardOutput = try FileHandle(forWritingTo: scratch.url.appending(path: "stdout"))
        process.standardError = try FileHandle(forWritingTo: scratch.url.appending(path: "stderr"))
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    func output() -> String { (try? String(contentsOf: scratch.url.appending(path: "stdout"), encoding: .utf8)) ?? "" }
    func errors() -> String { (try? String(contentsOf: scratch.url.appending(path: "stderr"), encoding: .utf8)) ?? "" }
    var hasExited: Bool { !process.isRunning }
    var pid: Int32 { process.processIdentifier }
    var exitStatus: Int32 { process.terminationStatus }
    func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    /// Waits (up to `seconds`) for the process to end; whether it did.
    func waitForExit(seconds: Int) async throws -> Bool {
        for _ in 0..<(seconds * 20) {
            if !process.isRunning { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return !process.isRunning
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
}
