import Foundation
import HistoryImport
import Importer
import Models

/// The line an import redraws on a terminal's stderr (nothing when stderr is not a terminal).
/// `@unchecked`: the import reports from the archive's writer thread; every access holds the lock.
final class ImportProgressLine: @unchecked Sendable {
    private let lock = NSLock()
    private let enabled = Console.stderrIsTerminal
    private var drawn = false
    private var last = Date.distantPast

    func show(_ progress: ImportProgress) {
        show {
            var text = "importing: \(progress.statuses) statuses, \(ByteSize.text(progress.bytes))"
            if let total = progress.totalBytes, total > 0 {
                text += " of \(ByteSize.text(total)) (\(min(100, progress.bytes * 100 / total))%)"
            }
            if progress.mediaTotalBytes > 0 {
                text +=
                    "; media: \(progress.mediaFiles) files, \(ByteSize.text(progress.mediaBytes)) of "
                    + "\(ByteSize.text(progress.mediaTotalBytes)) (\(min(100, progress.mediaBytes * 100 / progress.mediaTotalBytes))%)"
            }
            return text
        }
    }

    /// Redraws the line with `text` (made only when it is drawn: at most five times a second).
    func show(_ text: () -> String) {
        guard enabled else { return }
        lock.withLock {
            let now = Date()
            guard now.timeIntervalSince(last) >= 0.2 else { return }
            last = now
            // Cut to the terminal's width, as the sync's lines are: a wrapped line could not be redrawn.
            let columns = Interrupts.columns(of: STDERR_FILENO)
            let line = columns > 0 ? ProgressBoard.fit(text(), columns: max(columns - 1, 10)) : text()
            OutputChannel.standardError.write("\r\u{1B}[K\(line)")
            drawn = true
        }
    }

    func end() {
        lock.withLock {
            if drawn { OutputChannel.standardError.write("\r\u{1B}[K") }
            drawn = false
        }
    }
}

extension ImportReport {
    /// One sentence saying what an import did.
    func sentence(file: String) -> String {
        var parts = ["imported \(file)"]
        if let account { parts[0] += " (\(account))" }
        parts.append(
            "\(read) statuses read: \(stored.new) new, \(stored.updated) updated, \(stored.unreadable) kept unreadable")
        if stored.refused > 0 { parts.append("\(stored.refused) left as they were (another account's posts)") }
        if foreign > 0 {
            parts.append("\(foreign) posts with another server's ids kept as references, not as the account's")
        }
        if references > 0 {
            parts.append("\(references) new references by uri (favourites, bookmarks, boosts, other servers' posts)")
        }
        if boosts > 0 { parts.append("\(boosts) boosts of archived posts made boosts") }
        if mediaFiles > 0 {
            parts.append("\(mediaFiles) media files (\(mediaFilesNew) new, \(ByteSize.text(mediaBytes)))")
        }
        if mediaUnreferenced > 0 { parts.append("\(mediaUnreferenced) media files no post names skipped") }
        return parts.joined(separator: "; ")
    }
}

extension ResolveReport {
    /// One sentence saying what `--resolve` did.
    var sentence: String {
        var text = "resolved \(asked) statuses \(account) had named by uri, through \(server): \(archived) archived"
        if notFound > 0 { text += ", \(notFound) not found (deleted, or their server is gone)" }
        if unreadable > 0 { text += ", \(unreadable) kept unreadable" }
        if failed > 0 { text += ", \(failed) failed (still references; run it again)" }
        if let stopped { text += "; stopped: \(stopped); the rest stay references until it is run again" }
        return text
    }
}
