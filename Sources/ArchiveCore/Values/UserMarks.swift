import Foundation
import Models

/// The user's own relations to a post, kept on its row (`statuses.user_marks`, schema 0012) as the row
/// is written: the consent policy and `is:bookmarked` / `is:favourited` read this one column instead of
/// scanning lists and parsing JSON for every candidate row.
///
/// The marks say what the lists and copies say, so a search means the same with or without them. Both
/// stores keep the same bits (schema/0012_user_marks.sql, schema/postgres/0031_user_marks.sql): the marks a
/// copy carries by itself are computed here as a store writes the row, the others by its triggers.
package struct UserMarks: OptionSet, Sendable {
    package let rawValue: Int64

    package init(rawValue: Int64) { self.rawValue = rawValue }

    /// Listed in the archived `bookmarks` timeline, or named as a bookmark by an import (set by triggers).
    package static let bookmarksTimeline = UserMarks(rawValue: 1)
    /// Listed in the archived `favourites` timeline, or named as a favourite by an import.
    package static let favouritesTimeline = UserMarks(rawValue: 2)
    /// Listed in the archived `mentions` timeline.
    package static let mentionsTimeline = UserMarks(rawValue: 4)
    /// Listed in the archived `own` timeline.
    package static let ownTimeline = UserMarks(rawValue: 8)
    /// The copy shown was served with `bookmarked`, `favourited` or `reblogged` true.
    package static let servedInteraction = UserMarks(rawValue: 16)
    /// The copy shown mentions one of the archiving accounts.
    package static let mentionsUser = UserMarks(rawValue: 32)
    /// Boosted by one of the archiving accounts (a boost of theirs is archived), or by the account an
    /// import came from (its export named the boost).
    package static let boostedByUser = UserMarks(rawValue: 64)

    /// The archiving accounts' handles and profile URLs, as `of` compares a copy's mentions with them
    /// (removed accounts too: what they did stays theirs).
    package static let accountsStatement = "SELECT handle, url FROM archiving_accounts"

    /// The archiving accounts' handles and profile URLs (removed ones too: what they did stays theirs),
    /// read only when one of `statuses` mentions anyone (none are needed otherwise): what ``of(_:raw:server:accounts:)``
    /// compares a page's mentions with, read once for the page.
    package static func accounts(mentionedIn statuses: some Sequence<Status>) -> TransactionPlan<
        [(handle: String, url: String?)]
    > {
        guard statuses.contains(where: { !$0.mentions.isEmpty }) else { return .done([]) }
        return .fetch(SQLStatement(accountsStatement), { (try $0.text("handle"), try $0.optionalText("url")) }) {
            .done($0)
        }
    }

    /// The mark timeline `id` gives the statuses it holds, as its entries' triggers give it (SQLite's 0012,
    /// PostgreSQL's 0031), for a new row to be inserted with: none for another timeline, or none at all.
    /// A row inserted with it is not written again by those triggers, which write only a row lacking it.
    package static func ofTimeline(_ id: Int64?) -> TransactionPlan<UserMarks> {
        guard let id else { return .done([]) }
        return .fetch(SQLStatement(timelineStatement, .int(id)), { try $0.integer("mark") }) {
            .done(UserMarks(rawValue: $0.first ?? 0))
        }
    }

    /// The mark of the timeline ?1 (see ``ofTimeline(_:)``).
    private static let timelineStatement = """
        SELECT CASE spec WHEN 'bookmarks' THEN \(bookmarksTimeline.rawValue)
            WHEN 'favourites' THEN \(favouritesTimeline.rawValue)
            WHEN 'mentions' THEN \(mentionsTimeline.rawValue) WHEN 'own' THEN \(ownTimeline.rawValue)
            ELSE 0 END AS mark
        FROM timelines WHERE id = ?1
        """

    /// The marks computed from the copy shown: replaced whenever the row is rewritten.
    package static let fromCopy: UserMarks = [.servedInteraction, .mentionsUser]

    /// The marks a copy carries by itself: its interaction flags as served, and whether it mentions one
    /// of `accounts` (handle and profile URL), compared as the consent policy always compared them.
    package static func of(
        _ status: Status, raw: Data, server: String,
        accounts: [(handle: String, url: String?)]
    ) -> UserMarks {
        var marks: UserMarks = []
        if servedInteraction(raw) { marks.insert(.servedInteraction) }
        if status.mentions.contains(where: { mention in
            accounts.contains { account in
                account.url == mention.url || account.handle == mention.acct
                    || account.handle == mention.acct + "@" + server
            }
        }) {
            marks.insert(.mentionsUser)
        }
        return marks
    }

    /// Whether the object's own `bookmarked`, `favourited` or `reblogged` is `true`.
    package static func servedInteraction(_ raw: Data) -> Bool {
        let keys = ["bookmarked", "favourited", "reblogged"]
        // Most copies say none of them: all three keys end in "ed", and without such a key holding `true`
        // anywhere in the bytes there is no object to read (a pass over its members was 2-3% of a sync's CPU).
        guard RawJSON.mayHoldTrue(underKeysEndingIn: "ed", in: raw) else { return false }
        // One pass over the object for the three keys.
        if let values = try? RawJSON.values(forKeys: keys, inObject: raw) {
            return values.values.contains { $0.elementsEqual("true".utf8) }
        }
        // A malformed object: each key as far as the object can be read.
        return keys.contains { key in
            guard let value = try? RawJSON.value(forKey: key, inObject: raw) else { return false }
            return value.elementsEqual("true".utf8)
        }
    }
}
