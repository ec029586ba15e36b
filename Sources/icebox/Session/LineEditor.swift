import CLibEdit
import Foundation
import REPL

#if canImport(Glibc)
    import Glibc
#endif

/// The interactive REPL's line editor: libedit's readline (emacs keys, arrows, ↑/↓ through history),
/// with the history kept in the archive folder and TAB completing from the archive.
struct LineEditor {
    let history: REPLHistory
    private var last: String?

    /// Sets libedit up and loads the saved history; a history that cannot be read is reported and skipped.
    init(history: REPLHistory, completer: Completer) {
        self.history = history
        setlocale(LC_CTYPE, "")  // edit UTF-8 text as characters, not bytes
        CompletionTable.shared.set(completer)
        icebox_editline_setup(completeWord)
        using_history()
        stifle_history(Int32(history.limit))
        do {
            let lines = try history.load()
            for line in lines { add_history(line) }
            last = lines.last
        } catch {
            Console.err("icebox: \(error.description)")
        }
    }

    /// The next line, or `nil` at end of input (Ctrl-D) and on Ctrl-C (then `Interrupts.take()` is true).
    mutating func readLine(prompt: String) -> String? {
        guard let raw = readline(prompt) else { return nil }
        defer { free(raw) }
        let line = String(cString: raw)
        let entry = line.trimmingCharacters(in: .whitespaces)
        if !entry.isEmpty, entry != last {
            add_history(entry)
            do { try history.append(entry, previous: last) } catch { Console.err("icebox: \(error.description)") }
            last = entry
        }
        return line
    }
}

/// The completer the C callback reads: libedit calls a plain C function, which cannot capture it.
final class CompletionTable: @unchecked Sendable {
    static let shared = CompletionTable()
    private let lock = NSLock()
    private var completer = Completer(handles: [], tags: [])

    func set(_ completer: Completer) { lock.withLock { self.completer = completer } }
    var current: Completer { lock.withLock { completer } }
}

/// libedit's completion callback: `text` is the word under the cursor, `start` where it begins on the
/// line (in characters). Returns readline's match array (the common prefix, then each match, then
/// NULL, all malloc'ed), or NULL for none.
private func completeWord(_ text: UnsafePointer<CChar>?, _ start: Int32, _ end: Int32)
    -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
{
    let word = text.map { String(cString: $0) } ?? ""
    let line = icebox_editline_buffer().map { String(cString: $0) } ?? ""
    let before = String(String.UnicodeScalarView(line.unicodeScalars.prefix(max(Int(start), 0))))
    switch CompletionTable.shared.current.complete(word, after: before) {
    case .fileNames:
        icebox_editline_completion_over(0)
        return nil
    case .words(let matches):
        icebox_editline_completion_over(1)
        guard let first = matches.first else { return nil }
        let common = matches.dropFirst().reduce(first) { prefix, match in
            String(zip(prefix, match).prefix { $0 == $1 }.map(\.0))
        }
        let entries = matches.count == 1 ? matches : [common] + matches
        // libedit frees the array and each string with free(): both come from malloc.
        let size = MemoryLayout<UnsafeMutablePointer<CChar>?>.stride * (entries.count + 1)
        guard let memory = malloc(size) else { return nil }
        let array = memory.bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: entries.count + 1)
        for (index, entry) in entries.enumerated() { array[index] = strdup(entry) }
        array[entries.count] = nil
        return array
    }
}
