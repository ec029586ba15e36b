import Foundation

/// The REPL's line history in the archive folder (`repl_history`): one command a line, oldest first,
/// plain text, mode 0600 (searches can be private). Each line is appended as it is run, so a session
/// that ends abruptly keeps what it did.
public struct REPLHistory: Sendable {
    public let file: URL
    /// How many lines are kept.
    public let limit: Int

    public init(file: URL, limit: Int = 1000) {
        self.file = file
        self.limit = limit
    }

    /// Why the history file could not be read or written.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The last `limit` lines; none when the file does not exist yet. A file grown past twice the limit
    /// is cut back to it.
    public func load() throws(Failure) -> [String] {
        guard FileManager.default.fileExists(atPath: file.path) else { return [] }
        let text: String
        do { text = try String(contentsOf: file, encoding: .utf8) } catch {
            throw Failure(description: "cannot read the REPL history \(file.path): \(error.localizedDescription)")
        }
        let lines = text.split(separator: "\n").map(String.init)
        if lines.count > limit * 2 { try write(Array(lines.suffix(limit))) }
        return Array(lines.suffix(limit))
    }

    /// Adds `line` at the end, unless it is blank or the same as the line before (`previous`).
    public func append(_ line: String, previous: String? = nil) throws(Failure) {
        let entry = line.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !entry.isEmpty, entry != previous, !entry.contains("\n") else { return }
        do {
            if !FileManager.default.fileExists(atPath: file.path) {
                guard
                    FileManager.default.createFile(
                        atPath: file.path, contents: nil, attributes: [.posixPermissions: 0o600])
                else { throw CocoaError(.fileWriteNoPermission) }
            }
            let handle = try FileHandle(forWritingTo: file)
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: Data((entry + "\n").utf8))
        } catch {
            throw Failure(description: "cannot write the REPL history \(file.path): \(error.localizedDescription)")
        }
    }

    private func write(_ lines: [String]) throws(Failure) {
        do {
            try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: file, options: .atomic)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        } catch {
            throw Failure(description: "cannot write the REPL history \(file.path): \(error.localizedDescription)")
        }
    }
}
