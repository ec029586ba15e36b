import Archive
import ArgumentParser
import Foundation
import Models
import Router

extension Icebox {
    /// `icebox show`: one status in full.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show one archived status in full: text, media, poll, card, edits and its place in a thread.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The status: its number in search results, a URL, a uri, or a server's id for it.")
        var status: String

        @Flag(help: "Print the status JSON exactly as the server sent it.")
        var raw = false

        func run() async throws {
            try await reportingFailures {
                let (_, archive, _, _) = try global.openArchive()
                guard let number = try await StatusReference.resolve(status, in: archive) else {
                    throw ArchiveError.notFound("\(status)")
                }
                let archived = try await archive.status(number: number)
                if raw {
                    FileHandle.standardOutput.write(archived.raw + Data("\n".utf8))
                    return
                }
                let decoded = try JSONDecoder().decode(Status.self, from: archived.raw)
                Console.out(StatusPrinter(status: decoded.post, archived: archived).text)
            }
        }
    }
}

/// A status laid out for reading in a terminal (the caller makes it terminal-safe).
struct StatusPrinter {
    let status: Status
    let archived: ArchivedStatus

    var text: String {
        var lines: [String] = []
        let author = status.account.fullHandle(servedBy: archived.server)
        let name = status.account.displayName.isEmpty ? "" : "\(status.account.displayName) "
        lines.append("[\(archived.number)] \(name)(@\(author)) · \(Self.date(status.createdAt)) · \(status.visibility)"
            + (status.language.map { " · \($0)" } ?? ""))
        if let edited = status.editedAt {
            lines.append("edited \(Self.date(edited))" + (archived.versions.isEmpty ? "" : " (\(archived.versions.count) earlier version\(archived.versions.count == 1 ? "" : "s") kept)"))
        }
        if let gone = archived.goneAt { lines.append("gone from its server since \(gone)") }
        if !status.spoilerText.isEmpty { lines.append("CW: \(status.spoilerText)") }
        lines.append("")
        lines.append(StatusHTML.displayText(status.content, mentions: status.mentions))
        if !status.mediaAttachments.isEmpty {
            lines.append("")
            for (index, media) in status.mediaAttachments.enumerated() {
                let link = media.remoteURL ?? media.url ?? "(no URL)"
                lines.append("media \(index + 1): \(media.type) \(link)")
                lines.append("  alt: \(media.description ?? "(none)")")
            }
        }
        if let poll = status.poll {
            lines.append("")
            let state = poll.expired ? "closed" : "open"
            lines.append("poll (\(state), \(poll.votersCount ?? poll.votesCount) voters):")
            for option in poll.options {
                lines.append("  - \(option.title): \(option.votesCount.map(String.init) ?? "?")")
            }
        }
        if let card = status.card {
            lines.append("")
            lines.append("card: \(card.title)\(card.providerName.map { " (\($0))" } ?? "") \(card.url)")
            if !card.description.isEmpty { lines.append("  \(card.description)") }
        }
        lines.append("")
        lines.append("\(status.repliesCount) replies · \(status.reblogsCount) boosts · \(status.favouritesCount) favourites")
        var thread: [String] = []
        if let parent = archived.parent { thread.append("reply to [\(parent)]") }
        else if status.inReplyToID != nil { thread.append("reply to a status not in the archive") }
        if !archived.replies.isEmpty {
            thread.append("\(archived.replies.count) archived repl\(archived.replies.count == 1 ? "y" : "ies"): "
                + archived.replies.map { "[\($0)]" }.joined(separator: " "))
        }
        if !thread.isEmpty { lines.append("thread: " + thread.joined(separator: "; ")) }
        if !archived.timelines.isEmpty { lines.append("seen in: " + archived.timelines.joined(separator: ", ")) }
        lines.append(status.url ?? status.uri)
        return lines.joined(separator: "\n")
    }

    static func date(_ date: Date) -> String {
        MastodonDate.format(date).prefix(16).replacingOccurrences(of: "T", with: " ") + " UTC"
    }
}

/// Turns what a user typed (`1234`, a URL, a uri, a server id) into an archived status, through the
/// same URL routing every front end uses.
enum StatusReference {
    /// Why a reference does not name an archived status.
    struct NotAStatus: Error, CustomStringConvertible {
        var description: String
    }

    static func resolve(_ text: String, in archive: ArchiveDatabase) async throws -> Int64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.contains("://"), let url = URL(string: trimmed) else {
            return try await archive.findStatus(trimmed)     // a number, a bare id or a non-URL uri
        }
        switch RouterDestination.resolution(for: url) {
        case .route(.remoteStatusDetail(let link)):
            // By the URL or uri as archived, then by the server's own id for it.
            if let found = try await archive.findStatus(link.absoluteString) { return found }
            if let found = try await archive.findStatus(trimmed) { return found }
            guard let status = StatusLink(url: link), let localID = status.localID else { return nil }
            return try await archive.findStatus(server: status.host, localID: localID)
        case .route(let destination):
            throw NotAStatus(description: "\(trimmed) is \(destination.title), not a status")
        case .notARoute(let reason):
            // Not a URL Icebox can place; it may still be a status uri exactly as archived.
            if let found = try await archive.findStatus(trimmed) { return found }
            throw NotAStatus(description: "\(trimmed): \(reason.description)")
        }
    }
}
