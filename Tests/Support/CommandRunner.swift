import Foundation

/// What a finished command printed and how it exited.
public struct CommandResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

/// Runs a built executable as a user would: arguments, standard input, environment; output captured
/// through files (no pipe can fill up), and the wait does not block a thread.
public enum CommandRunner {
    /// The folder holding the built products (`.build/debug`), found from the test bundle.
    public static var productsDirectory: URL {
        var url = Bundle.main.bundleURL
        for _ in 0..<3 where !FileManager.default.fileExists(atPath: url.appending(path: "icebox").path) {
            url = url.deletingLastPathComponent()
        }
        return url
    }

    public static func run(
        _ executable: URL, _ arguments: [String], stdin: String? = nil,
        environment: [String: String] = [:]
    ) async throws -> CommandResult {
        let scratch = try TemporaryDirectory("icebox-run")
        let outURL = scratch.url.appending(path: "stdout")
        let errURL = scratch.url.appending(path: "stderr")
        let inURL = scratch.url.appending(path: "stdin")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: inURL.path, contents: Data((stdin ?? "").utf8))
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["ICEBOX_HOME"] = nil
        env.merge(environment) { $1 }
        process.environment = env
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = try FileHandle(forReadingFrom: inURL)
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        try out.close()
        try err.close()
        return CommandResult(
            status: status,
            stdout: try String(contentsOf: outURL, encoding: .utf8),
            stderr: try String(contentsOf: errURL, encoding: .utf8))
    }
}
