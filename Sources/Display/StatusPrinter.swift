import ArchiveCore
import Foundation
import Models

/// A status laid out for reading in a terminal: what `icebox show` and the REPL's status screen print.
/// The text includes what the server sent as is: the caller makes it terminal-safe before printing.
public struct StatusPrinter: Sendable {
    /// The decoded post (a boost's wrapper already replaced by the post it boosts).
    public let status: Status
    /// What the archive holds about it.
    public let archived: ArchivedStatus

    public init(status: Status, archived: ArchivedStatus) {
        self.status = status
        self.archived = archived
    }

    /// Decodes the archived JSON; the post itself when the row is a boost.
    public init(archived: ArchivedStatus) throws(DecodingFailure) {
        do {
            self.init(status: try Status.archived(archived.raw, servedBy: archived.server).post, archived: archived)
        } catch {
            throw DecodingFailure(number: archived.number, reason: "\(error)")
        }
    }

    /// The archived JSON of a status could not be read back.
    public struct DecodingFailure: Error, CustomStringConvertible {
        public var number: Int64
        public var reason: String
        public var description: String { "status \(number): its archived JSON cannot be read (\(reason))" }
    }

    /// The author's full `user@host`.
    public var authorHandle: String { status.account.fullHandle(servedBy: archived.server) }

    /// Everything, one item per line: header, warnings, text, media, poll, card, counts, thread, link.
    public var text: String {
        var lines: [String] = []
        let name = status.account.displayName.isEmpty ? "" : "\(status.account.displayName) "
        lines.append(
            "[\(archived.number)] \(name)(@\(authorHandle)) · \(Self.date(status.createdAt)) · \(status.visibility)"
                + (status.language.map { " · \($0)" } ?? ""))
        if let edited = status.editedAt {
            let kept = max(archived.versions.count, archived.editHistory.count - 1)
            lines.append(
                "edited \(Self.date(edited))"
                    + (kept <= 0 ? "" : " (\(kept) earlier version\(kept == 1 ? "" : "s") kept)"))
        }
        if !archived.otherCopies.isEmpty {
            lines.append(
                "differing copies kept from \(archived.otherCopies.joined(separator: ", ")) (this one is from "
                    + "\(archived.server))")
        }
        if let gone = archived.goneAt {
            lines.append(
                "gone from its server since \(gone)" + (archived.goneVia.map { " (learned \($0.phrase))" } ?? "")
                    + (archived.redactedAt == nil ? "" : "; redacted: only a tombstone is kept"))
        }
        lines.append("")
        if archived.redactedAt != nil {
            // Its text, warning and media went with `deletions: redact`: say so rather than print blanks.
            lines.append(SearchHit.redactedText)
        } else {
            if !status.spoilerText.isEmpty { lines.insert("CW: \(status.spoilerText)", at: lines.count - 1) }
            let text = StatusHTML.displayText(status.content, mentions: status.mentions)
            lines.append(text)
            // Mastodon shows a long link cut short (`github.com/example/tiny-archiv…`): the whole of
            // each such link follows, so it can be copied from the terminal.
            for link in StatusHTML.links(status.content) where !text.contains(link) { lines.append("link: \(link)") }
            lines += attachmentLines
        }
        lines.append("")
        lines.append(
            "\(Plural.of(status.repliesCount, "reply", "replies")) · \(Plural.of(status.reblogsCount, "boost")) · "
                + Plural.of(status.favouritesCount, "favourite"))
        var thread: [String] = []
        if let parent = archived.parent {
            thread.append("reply to [\(parent)]")
        } else if status.inReplyToID != nil {
            thread.append("reply to a status not in the archive")
        }
        if !archived.replies.isEmpty {
            thread.append(
                "\(archived.replies.count) archived repl\(archived.replies.count == 1 ? "y" : "ies"): "
                    + archived.replies.map { "[\($0)]" }.joined(separator: " "))
        }
        if !thread.isEmpty { lines.append("thread: " + thread.joined(separator: "; ")) }
        if !archived.timelines.isEmpty { lines.append("seen in: " + archived.timelines.joined(separator: ", ")) }
        // Syncs are the timelines above; fetches and imports say where from.
        let elsewhere = archived.sources.filter { $0.kind != .sync }
        if !elsewhere.isEmpty {
            lines.append(
                "archived from: "
                    + elsewhere.map { "\($0.kind.rawValue) \($0.detail.terminalSafe)" }.joined(separator: "; "))
        }
        lines.append(status.url ?? status.uri)
        return lines.joined(separator: "\n")
    }

    /// Media with their descriptions, the poll and the link card, each block after a blank line.
    private var attachmentLines: [String] {
        var lines: [String] = []
        if !status.mediaAttachments.isEmpty {
            lines.append("")
            for (index, media) in status.mediaAttachments.enumerated() {
                lines.append("media \(index + 1): \(media.type) \(media.remoteURL ?? media.url ?? "(no URL)")")
                lines.append("  alt: \(media.description ?? "(none)")")
            }
        }
        if let poll = status.poll {
            lines.append("")
            lines.append("poll (\(poll.expired ? "closed" : "open"), \(poll.votersCount ?? poll.votesCount) voters):")
            for option in poll.options {
                lines.append("  - \(option.title): \(option.votesCount.map(String.init) ?? "?")")
            }
        }
        if let card = status.card {
            lines.append("")
            lines.append("card: \(card.title)\(card.providerName.map { " (\($0))" } ?? "") \(card.url)")
            if !card.description.isEmpty { lines.append("  \(card.description)") }
        }
        return lines
    }

    /// `2026-01-31 12:34 UTC`.
    public static func date(_ date: Date) -> String {
        MastodonDate.format(date).prefix(16).replacingOccurrences(of: "T", with: " ") + " UTC"
    }
}
