import ArchiveCore
import ArgumentParser
import Foundation

extension RelationListing {
    /// The CSV columns of a kind's claims: the JSON record's fields, in order.
    static func claimFields(of kind: RelationKind) -> [String] {
        let fields = ["account", "kind", "acct", "claimed_by", "file_sha256", "line", "claimed_at"]
        switch kind {
        case .following: return fields + ["showing_reblogs", "notifying", "languages"]
        case .mutes: return fields + ["hide_notifications"]
        case .listMembers: return fields + ["list"]
        default: return fields
        }
    }

    /// Lists what imported files claim of `kind` (`--claims`): never mixed with the ledger, each claim
    /// with the file that makes it.
    func listClaims(_ kind: RelationKind, global: GlobalOptions) async throws {
        try await reportingFailures {
            guard RelationClaim.kinds.contains(kind) else {
                throw ValidationError(
                    "no file Icebox imports claims \(kind.words); --claims lists follows, "
                        + "mutes, blocks, domain blocks and list members")
            }
            let context = try await global.context(.queryOnly)
            let accountID = try await context.accountID(named: account)
            let claims = try await context.store.relationClaims(of: accountID, kind: kind)
            if json { return try Console.json(claims) }
            if jsonl { return try Console.jsonLines(claims) }
            if csv {
                return Console.outBytes(Data(try CSVOutput.text(claims, fields: Self.claimFields(of: kind)).utf8))
            }
            let accounts = Set(claims.map(\.account)).count
            for claim in claims {
                // Each field on one line of its own, so that a name a file holds can fake neither a row nor
                // a column.
                var columns = [claim.acct.terminalSafeLine]
                if !claim.list.isEmpty { columns.insert("list: " + claim.list.terminalSafeLine, at: 0) }
                columns.append("claimed by \(claim.claimedBy.terminalSafeLine), line \(claim.line)")
                if accounts > 1 { columns.insert(claim.account.terminalSafeLine, at: 0) }
                Console.outSanitized(columns.joined(separator: "\t"))
            }
            if claims.isEmpty {
                Console.err(
                    "No file claims \(kind.words): `icebox import mastodon-export FILE.csv` reads Mastodon's CSVs.")
            }
        }
    }
}
