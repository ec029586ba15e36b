import Foundation
import Logging
import Models

/// Logs one line per message to stderr, terminal-safe (log messages can carry server text).
struct StderrLogHandler: LogHandler {
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]
    let label: String

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        let fields = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let line = "icebox: \(event.level): \(event.message)\(fields.isEmpty ? "" : " [\(fields)]")"
        // Through the progress board, so a log line never lands inside a live progress line.
        ProgressBoard.shared.write(line.terminalSafe)
    }
}

/// Sets up logging once per process.
enum LogSetup {
    nonisolated(unsafe) private static var bootstrapped = false
    private static let lock = NSLock()

    /// Sends logs to stderr at `level`; later calls do nothing.
    static func bootstrapOnce(level: Logger.Level) {
        lock.lock()
        defer { lock.unlock() }
        guard !bootstrapped else { return }
        bootstrapped = true
        LoggingSystem.bootstrap { label in StderrLogHandler(logLevel: level, label: label) }
    }
}
