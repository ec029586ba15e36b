import Foundation
import Models

/// Whether a search or an export of a set of statuses leaves out the posts of people who asked not to
/// be found by full-text search.
///
/// Mastodon lets an account opt out: `indexable: false` (since 4.2), `noindex: true` (keep me out of
/// search engines), and, by the community's convention, `#nobot` or `#nosearch` in the bio. A search
/// engine over other people's posts that ignored this (Searchtodon) was shut down. So by default the
/// archive leaves those accounts' posts out of searches and exports of sets, except the posts the user
/// wrote, bookmarked, favourited, boosted or was mentioned in: what Mastodon's own search lets them find.
/// The posts stay archived and are shown by number, URL or thread.
public enum ConsentPolicy: String, Sendable, CaseIterable, Codable {
    /// Opted-out accounts are left out (the default).
    case honoured = "on"
    /// Everyone's posts are searched alike (`--all`, or `icebox config search-consent off`).
    case off

    /// Whether an account opted out, from its JSON as a server sent it and its bio (`note`, HTML).
    public static func optedOut(accountJSON: Data, note: String) -> Bool {
        if flag("indexable", of: accountJSON) == false || flag("noindex", of: accountJSON) == true { return true }
        return bioOptsOut(note)
    }

    /// A boolean of an account's JSON as the server sent it; nil when it is absent or not a boolean.
    package static func flag(_ key: String, of accountJSON: Data) -> Bool? {
        guard let value = try? RawJSON.value(forKey: key, inObject: accountJSON) else { return nil }
        switch String(decoding: value, as: UTF8.self) {
        case "true": return true
        case "false": return false
        default: return nil
        }
    }

    /// Whether a bio carries `#nobot` or `#nosearch` (any case, as a hashtag or as plain text).
    public static func bioOptsOut(_ note: String) -> Bool {
        guard note.range(of: "#", options: .literal) != nil else { return false }
        let text = StatusHTML.indexText(note).lowercased()
        var rest = Substring(text)
        while let hash = rest.firstIndex(of: "#") {
            let name = rest[rest.index(after: hash)...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if name == "nobot" || name == "nosearch" { return true }
            rest = rest[rest.index(after: hash)...]
        }
        return false
    }

    /// The condition on the statuses row `s` that leaves out opted-out authors' posts, except the user's own
    /// and those they bookmarked, favourited, boosted or were mentioned in (the row's `user_marks`, see
    /// `UserMarks`, written with the row). The author is looked up per row, through the small partial
    /// index of opted-out authors: a search reads about a page of rows, so building the set of every
    /// opted-out author first (`NOT IN (SELECT …)`) cost more than the rest of the search (a rare word at
    /// a million statuses with 1,096 authors opted out: 0.51 ms with the set, 0.08 ms with the lookup).
    package static func condition(on s: String = "s", _ engine: SQLEngine) -> String {
        """
        (\(s).user_marks != 0
         OR NOT EXISTS (SELECT 1 FROM authors oa WHERE oa.handle = \(s).author_handle AND \(engine.isTrue("oa.opted_out")))
         OR EXISTS (SELECT 1 FROM archiving_accounts aa WHERE aa.handle = \(s).author_handle))
        """
    }
}
