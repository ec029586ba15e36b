import ArchiveCore
import Display
import Foundation
import Models
import Router

extension REPLSession {
    /// The people a route lists (issue 44), one per line (every field a server sent on one line of its
    /// own): whom an archived account follows and who
    /// follows it (the relation ledger), who boosted or favourited a status (its archived boosts and its
    /// author's notifications), accounts in hand. A route whose people
    /// the archive does not keep says so.
    func people(_ destination: RouterDestination) async throws -> String {
        var lines: [String] = []
        switch destination {
        case .following(let id), .followers(let id):
            let kind: RelationKind = if case .following = destination { .following } else { .followers }
            guard let relations = try await archive.relations(ofHandle: id, kind: kind, includeEnded: true) else {
                throw REPLFailure(
                    "\(destination.title): the archive keeps the relations of its own accounts only (icebox account list)"
                )
            }
            let holding = relations.filter { $0.endedAt == nil }
            lines.append("\(destination.title): \(holding.count) now, \(relations.count - holding.count) ended")
            for relation in relations {
                var line = "@\(relation.acct.terminalSafeLine)  since \(relation.since.prefix(10))"
                if let ended = relation.endedAt { line += ", ended \(ended.prefix(10))" }
                if !relation.displayName.isEmpty { line += "  \(relation.displayName.terminalSafeLine)" }
                lines.append(line)
            }
        case .rebloggedBy(let id), .favoritedBy(let id):
            guard let number = try await StatusReference.resolve(id, in: archive) else {
                throw REPLFailure("status \(id.terminalSafeLine) is not in the archive")
            }
            let favourites = if case .favoritedBy = destination { true } else { false }
            let accounts =
                favourites
                ? try await archive.reactions(to: number, type: "favourite") : try await archive.boostedBy(number)
            let what = favourites ? "favourite" : "boost"
            lines.append("\(destination.title): \(accounts.count) archived \(what)\(accounts.count == 1 ? "" : "s")")
            for account in accounts {
                lines.append(
                    "@\(account.handle.terminalSafeLine)  \(account.createdAt.prefix(10))  "
                        + account.name.terminalSafeLine)
            }
            if accounts.isEmpty {
                lines.append(
                    "(known from \(favourites ? "" : "the boosts a timeline carried and ")its author's notifications: "
                        + "icebox timeline add notifications)")
            }
        case .accountsList(let accounts):
            lines.append(destination.title)
            for account in accounts {
                lines.append("@\(account.acct.terminalSafeLine)  \(account.displayName.terminalSafeLine)")
            }
        default:
            throw REPLFailure("\(destination.title) lists no people")
        }
        return lines.joined(separator: "\n").terminalSafe
    }

    /// The handle of one of the archive's own accounts: the one typed (`user@host`, or a username alone
    /// when one account has it), or the only account when none is typed.
    func ownHandle(_ typed: String?) async throws -> String {
        let accounts = try await archive.accounts().map(\.handle)
        let matches = accounts.filter { handle in
            guard let typed else { return true }
            return handle.caseInsensitiveCompare(typed) == .orderedSame
                || handle.lowercased().hasPrefix(typed.lowercased() + "@")
        }
        guard matches.count == 1, let handle = matches.first else {
            let yours = accounts.map { "@\($0)" }.joined(separator: ", ").terminalSafeLine
            if accounts.isEmpty { throw REPLFailure("no account yet: icebox account add <server>") }
            if let typed {
                throw REPLFailure(
                    "\(typed.terminalSafeLine) is not one of your accounts (\(yours)); the archive keeps their relations only"
                )
            }
            throw REPLFailure("give one of your accounts: \(yours)")
        }
        return handle
    }
}
