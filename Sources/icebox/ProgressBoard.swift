import Foundation
import Models

#if canImport(Glibc)
import Glibc
#endif

/// The live progress lines at the bottom of a terminal, one per timeline at work. Every other line
/// written to stderr goes through ``write(_:)``, which clears the progress lines, prints the line on
/// its own, and draws them again below it: a log line never lands inside a progress line, and a
/// progress line never overwrites a log line.
final class ProgressBoard: @unchecked Sendable {
    static let shared = ProgressBoard()

    private let lock = NSLock()
    private var live = false
    private var order: [String] = []
    private var lines: [String: String] = [:]
    /// Progress lines now on the screen.
    private var drawn = 0
    private var width = 80

    /// Draws progress from now on (call only when stderr is a terminal that takes escape sequences).
    func start() {
        lock.withLock {
            live = true
            var size = winsize()
            if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { width = Int(size.ws_col) }
        }
    }

    /// Clears the progress lines and draws no more.
    func stop() {
        lock.withLock {
            guard live else { return }
            emit(clear())
            live = false
            order = []
            lines = [:]
        }
    }

    /// Sets (or, with nil, removes) the progress line of `key`.
    func set(_ key: String, _ text: String?) {
        lock.withLock {
            guard live else { return }
            if let text {
                if lines[key] == nil { order.append(key) }
                lines[key] = text
            } else {
                lines[key] = nil
                order.removeAll { $0 == key }
            }
            emit(clear() + draw())
        }
    }

    /// Writes a whole line (already terminal-safe) to stderr, above the progress lines.
    func write(_ line: String) {
        lock.withLock {
            guard live else { return emit(line + "\n") }
            emit(clear() + line + "\n" + draw())
        }
    }

    /// Erases the progress lines drawn; the cursor ends at the start of the first.
    private func clear() -> String {
        guard drawn > 0 else { return "" }
        defer { drawn = 0 }
        return "\r\u{1B}[K" + String(repeating: "\u{1B}[1A\u{1B}[K", count: drawn - 1)
    }

    /// The progress lines, each cut to the terminal's width so none wraps (a wrapped line could not be
    /// erased); the cursor stays at the end of the last.
    private func draw() -> String {
        let shown = order.compactMap { lines[$0] }.map { String($0.terminalSafe.prefix(max(width - 1, 10))) }
        drawn = shown.count
        return shown.joined(separator: "\n")
    }

    private func emit(_ text: String) {
        guard !text.isEmpty else { return }
        FileHandle.standardError.write(Data(text.utf8))
    }
}
