import ArchiveCore
import ArgumentParser
import Foundation
import Importer
import Models

extension Icebox.Account {
    /// `icebox account lists [account]`: the lists the relation ledger keeps, with their members.
    struct Lists: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lists",
            abstract:
                "Show the lists of an account (or of every account) with their members: the id to pin as list:ID.",
            discussion: """
                As the archive last saw them: `icebox sync` walks each account's lists (unless `icebox config \
                graph off`). A renamed list keeps its id and members; with --all, deleted lists and members \
                taken off a list are shown too, with when they ended.
                """
        )

        @OptionGroup var global: GlobalOptions
        @OptionGroup var listing: RelationListing

        func run() async throws {
            // The members files put on lists (Mastodon's lists.csv), one claim a member.
            if listing.claims { return try await listing.listClaims(.listMembers, global: global) }
            try await reportingFailures {
                let context = try await global.context(.queryOnly)
                let accountID = try await context.accountID(named: listing.account)
                var lists = try await context.store.lists(of: accountID, includeEnded: listing.all)
                // An account whose lists the ledger does not hold yet (no sync has walked them, or
                // `config graph off`) has its server asked, as `timeline add list:ID` needs the ids. One
                // server that fails does not keep the others' lists from being shown; its failure is the
                // command's at the end.
                var asked: [String] = []
                var failure: (any Error)?
                var access: AccountAccess?
                for account in try await context.store.accounts() where accountID == nil || account.id == accountID {
                    guard !lists.contains(where: { $0.account == account.handle }),
                        try await !context.store.hasWalkedRelations(of: account.id, kind: .lists)
                    else { continue }
                    do {
                        // The credentials file is read once, for the first account asked.
                        let asking =
                            try access ?? AccountAccess(credentials: context.credentials.load(), logger: context.logger)
                        access = asking
                        let now = Timestamp.string(Date())
                        lists += try await asking.lists(of: account).map {
                            ArchivedList(account: account.handle, id: $0.id, title: $0.title, seenAt: now)
                        }
                        asked.append(account.handle)
                    } catch {
                        // The first failure ends the command (and is reported then); any other is told here.
                        if failure == nil {
                            failure = error
                        } else {
                            Console.err("\(account.handle): its lists could not be asked: \(error)".terminalSafeLine)
                        }
                    }
                }
                try show(lists, asked: asked)
                if let failure { throw failure }
            }
        }

        /// Prints `lists` as asked; those of the accounts in `asked` came from their servers, members unread.
        private func show(_ lists: [ArchivedList], asked: [String]) throws {
            if listing.json { return try Console.json(lists) }
            if listing.jsonl { return try Console.jsonLines(lists) }
            if listing.csv {
                let rows = lists.flatMap(ListMemberRow.rows)
                return Console.outBytes(Data(try CSVOutput.text(rows, fields: ListMemberRow.fields).utf8))
            }
            for list in lists {
                var columns = ["list:" + list.id.terminalSafeLine, list.title.terminalSafeLine, list.account]
                if asked.contains(list.account) {
                    columns.append("members not walked yet")
                } else {
                    columns.append(list.members.count == 1 ? "1 member" : "\(list.members.count) members")
                }
                if let ended = list.endedAt { columns.append("ended " + ended.prefix(10)) }
                Console.outSanitized(columns.joined(separator: "\t"))
                for member in list.members {
                    var line = ["", member.acct.terminalSafeLine, "since " + member.since.prefix(10)]
                    if let ended = member.endedAt { line.append("ended " + ended.prefix(10)) }
                    Console.outSanitized(line.joined(separator: "\t"))
                }
            }
            if !asked.isEmpty {
                Console.err(
                    "Asked the server of \(asked.joined(separator: ", ")): no sync has walked its lists yet, so "
                        + "their members are not shown (`icebox sync` walks them unless `icebox config graph off`)."
                )
            } else if lists.isEmpty {
                Console.err("No lists archived yet.")
            }
        }
    }
}

/// A row of `account lists --csv`: a list with one of its members (a list without members has a row
/// with empty member fields).
struct ListMemberRow: Encodable {
    var account: String
    var listID: String
    var title: String
    var repliesPolicy: String?
    var exclusive: Bool?
    var listEndedAt: String?
    var acct: String?
    var url: String?
    var displayName: String?
    var since: String?
    var endedAt: String?

    static let fields = [
        "account", "list_id", "title", "replies_policy", "exclusive", "list_ended_at", "acct", "url", "display_name",
        "since", "ended_at",
    ]

    enum CodingKeys: String, CodingKey {
        case account, title, exclusive, acct, url, since
        case listID = "list_id"
        case repliesPolicy = "replies_policy"
        case listEndedAt = "list_ended_at"
        case displayName = "display_name"
        case endedAt = "ended_at"
    }

    static func rows(_ list: ArchivedList) -> [ListMemberRow] {
        let bare = ListMemberRow(
            account: list.account, listID: list.id, title: list.title, repliesPolicy: list.repliesPolicy,
            exclusive: list.exclusive, listEndedAt: list.endedAt)
        guard !list.members.isEmpty else { return [bare] }
        return list.members.map { member in
            var row = bare
            row.acct = member.acct
            row.url = member.url
            row.displayName = member.displayName
            row.since = member.since
            row.endedAt = member.endedAt
            return row
        }
    }
}
