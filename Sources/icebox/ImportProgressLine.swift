import Foundation
import HistoryImport
import Models

/// The line an import redraws on a terminal's stderr (nothing when stderr is not a terminal).
/// `@unchecked`: the import reports from the archive's writer thread; every access holds the lock.
final class ImportProgressLine: @unchecked Sendable {
    private let lock = NSLock()
    private let enabled = Console.stderrIsTerminal
    private var drawn = false
    private var last = Date.distantPast

    func show(_ progress: ImportProgress) {
        guard enabled else { return }
        lock.withLock {
            let now = Date()
            guard now.timeIntervalSince(last) >= 0.2 else { return }
            last = now
            var text = "importing: \(progress.statuses) statuses, \(ByteSize.text(progress.bytes))"
            if let total = progress.totalBytes, total > 0 {
                text += " of \(ByteSize.text(total)) (\(min(100, progress.bytes * 100 / total))%)"
            }
            FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
            drawn = true
        }
    }

    func end() {
        lock.withLock {
            if drawn { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            drawn = false
        }
    }
}

extension ImportReport {
    /// One sentence saying what an import did.
    func sentence(file: String) -> String {
        var parts = ["imported \(file)"]
        if let account { parts[0] += " (\(account))" }
        parts.append("\(read) statuses read: \(stored.new) new, \(stored.updated) updated, \(stored.unreadable) kept unreadable")
        if references > 0 { parts.append("\(references) favourites, bookmarks and boosts by uri") }
        if mediaFiles > 0 { parts.append("\(mediaFiles) media files (\(mediaFilesNew) new, \(ByteSize.text(mediaBytes)))") }
        return parts.joined(separator: "; ")
    }
}
