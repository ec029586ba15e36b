import ArchiveCore
import Foundation
import Models

extension ExportDocument {
    /// An earlier version of an edited post, as kept by the archive.
    struct Version {
        var date: Date
        var spoilerText: String
        var content: String
    }

    /// The earlier versions of a post, oldest first: from its edit history as its server served it
    /// (every version but the last, which is the post as it is), else from the versions the archive
    /// saw itself. Versions that cannot be read are left out (they stay in `thread.json`).
    static func earlierVersions(_ record: ExportRecord) -> [Version] {
        let decoder = JSONDecoder()
        if !record.editHistory.isEmpty {
            let history = record.editHistory.compactMap { try? decoder.decode(StatusEdit.self, from: $0) }
            return history.dropLast().map {
                Version(date: $0.createdAt, spoilerText: $0.spoilerText, content: $0.content)
            }
        }
        return record.earlierVersions.compactMap { try? Status.archived($0, servedBy: record.server).post }
            .map { Version(date: $0.editedAt ?? $0.createdAt, spoilerText: $0.spoilerText, content: $0.content) }
    }

    /// `edited 2 times`, collapsed, each earlier version with its time, content warning and text.
    static func historyHTML(_ record: ExportRecord) -> HTML {
        let versions = earlierVersions(record)
        guard !versions.isEmpty else { return HTML() }
        var html: HTML =
            "<details class=\"history\"><summary>edited \(versions.count) time\(versions.count == 1 ? "" : "s")"
            + "</summary>\n"
        for version in versions.reversed() {
            html +=
                "<section><p class=\"edited\">version of <time datetime=\"\(MastodonDate.format(version.date))\">"
                + "\(minute(version.date))</time></p>"
            if !version.spoilerText.isEmpty {
                html += "<p class=\"cw\"><strong>Content warning:</strong> \(version.spoilerText)</p>"
            }
            html += contentHTML(StatusHTML.blocks(version.content), emoji: record.emoji) + "</section>\n"
        }
        return html + "</details>\n"
    }

    /// `boosted by @a@host, @b@host` (as archived); empty when no boost is.
    static func boostsHTML(_ record: ExportRecord) -> HTML {
        guard !record.boosts.isEmpty else { return HTML() }
        let handles = record.boosts.map { (boost) -> HTML in "@\(boost.handle)" }
        return "<p class=\"boosted\">boosted by \(handles.joined(separator: ", "))</p>\n"
    }

    /// A poll with its results: votes and share per option, the total, and whether it has ended.
    static func pollHTML(_ poll: Poll) -> HTML {
        var html: HTML = "<ul class=\"poll\">"
        for option in poll.options {
            html += "<li>\(option.title)"
            if let votes = option.votesCount {
                html += " <span>\(votes) vote\(votes == 1 ? "" : "s")\(share(votes, of: poll.votesCount))</span>"
            }
            html += "</li>"
        }
        return html + "</ul><p class=\"poll-total\">\(pollTotal(poll))</p>\n"
    }

    /// ` (42%)`, or empty when there are no votes.
    static func share(_ votes: Int, of total: Int) -> String {
        total > 0 ? " (\(Int((Double(votes) / Double(total) * 100).rounded()))%)" : ""
    }

    static func pollTotal(_ poll: Poll) -> String {
        var text = "\(poll.votesCount) vote\(poll.votesCount == 1 ? "" : "s")"
        if let voters = poll.votersCount, poll.multiple { text += " by \(voters) \(voters == 1 ? "person" : "people")" }
        if poll.expired {
            text += ", final results"
        } else if let ends = poll.expiresAt {
            text += ", open until \(minute(ends)) when archived"
        }
        return text
    }

    /// A link preview card: its title linked, the site, its description. No picture (it would be fetched
    /// from elsewhere).
    static func cardHTML(_ card: PreviewCard) -> HTML {
        guard let link = anchor(card.url, text: card.title.isEmpty ? card.url : card.title) else { return HTML() }
        var html: HTML = "<aside class=\"card\"><p class=\"card-title\">\(link)</p>"
        if let site = card.providerName, !site.isEmpty { html += "<p class=\"card-site\">\(site)</p>" }
        if !card.description.isEmpty { html += "<p>\(card.description)</p>" }
        return html + "</aside>\n"
    }
}
