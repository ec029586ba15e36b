import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A started executable that a test can kill at a moment of its choosing.
public final class RunningCommand: @unchecked Sendable {
    private let process = Process()
    private let exited: Task<Int32, Never>
    private let output: FileHandle

    /// Starts `executable`; its output is discarded to /dev/null, its standard error too unless `stderr`
    /// names a file to write it to (created or emptied), for the test to read as the command runs.
    public init(_ executable: URL, _ arguments: [String], stderr: URL? = nil) throws {
        process.executableURL = executable
        process.arguments = arguments
        output = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/null"))
        process.standardOutput = output
        if let stderr {
            _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: stderr)
        } else {
            process.standardError = output
        }
        let (stream, continuation) = AsyncStream<Int32>.makeStream()
        process.terminationHandler = {
            continuation.yield($0.terminationStatus)
            continuation.finish()
        }
        try process.run()
        exited = Task {
            for await status in stream { return status }
            return -1
        }
    }

    /// The process's id, to read what the kernel knows of it (`/proc/<pid>/status`).
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Sends a signal (SIGKILL by default: no chance to clean up).
    public func kill(_ signal: Int32 = SIGKILL) {
        Glibc.kill(process.processIdentifier, signal)
    }

    /// Waits for the process to end; its exit status (or the signal number when killed).
    @discardableResult
    public func wait() async -> Int32 { await exited.value }
}
