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
        let shown = order.compactMap { lines[$0] }.map { Self.fit($0.terminalSafe, columns: max(width - 1, 10)) }
        drawn = shown.count
        return shown.joined(separator: "\n")
    }

    /// The longest start of `text` that fills at most `columns` terminal columns: East Asian wide
    /// characters and emoji take two, so a line of CJK hashtags never wraps (a wrapped line could not be
    /// erased, and the next log line would land in its second half).
    static func fit(_ text: String, columns: Int) -> String {
        var used = 0
        var end = text.startIndex
        for character in text {
            let wide = character.unicodeScalars.first.map { Self.isWide($0.value) } ?? false
            used += wide ? 2 : 1
            if used > columns { break }
            end = text.index(after: end)
        }
        return String(text[..<end])
    }

    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            true
        default: false
        }
    }

    private func emit(_ text: String) {
        guard !text.isEmpty else { return }
        OutputChannel.standardError.write(text)
    }
}
