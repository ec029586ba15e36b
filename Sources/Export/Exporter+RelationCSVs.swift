import ArchiveCore
import Foundation

extension Exporter {
    /// The CSVs of Mastodon's Import and export page (see ``MastodonCSV``) for the account's relations
    /// as the ledger holds them now, and its bookmarks; a kind never walked is left out rather than
    /// written empty (an empty file would say the account follows no one).
    func relationCSVs(handle: String, bookmarks: [String]) async throws(ExportError) -> [(String, Entry)] {
        var entries: [(String, Entry)] = []
        do {
            guard let account = try await archive.ownAccount(handle) else { return [] }
            for (name, kind, render) in [
                ("following_accounts.csv", RelationKind.following, MastodonCSV.following),
                ("muted_accounts.csv", .mutes, MastodonCSV.muted),
                ("blocked_accounts.csv", .blocks, MastodonCSV.blocked),
                ("blocked_domains.csv", .domainBlocks, MastodonCSV.blockedDomains),
            ] {
                guard try await archive.hasWalkedRelations(of: account.id, kind: kind) else { continue }
                let held = try await archive.relations(of: account.id, kind: kind, includeEnded: false)
                entries.append((name, .document(Data(render(held).utf8))))
            }
            if try await archive.hasWalkedRelations(of: account.id, kind: .lists) {
                let lists = try await archive.lists(of: account.id, includeEnded: false)
                entries.append(("lists.csv", .document(Data(MastodonCSV.lists(lists).utf8))))
            }
        } catch {
            throw .archive(error.description)
        }
        if !bookmarks.isEmpty {
            entries.append(("bookmarks.csv", .document(Data(MastodonCSV.bookmarks(bookmarks).utf8))))
        }
        return entries
    }
}
