import ArchiveCore
import Foundation
import Models

/// The CSV files Mastodon's Import and export page writes and reads (`Settings › Import and export`),
/// byte for byte as Mastodon writes them: what a new server's import page takes when the old one is
/// gone. Header lines and columns as Mastodon's `Export` model has them: follows with
/// `Account address,Show boosts,Notify on new posts,Languages`, mutes with
/// `Account address,Hide notifications`, blocked accounts, blocked domains, bookmarks and lists
/// (`list title,account address`) without a header. Fields are quoted as Ruby's CSV quotes them (a
/// field with a comma, a quote or a line break, and an empty text).
public enum MastodonCSV {
    /// `following_accounts.csv`, each follow with its settings as the server last gave them (languages
    /// joined with ", " as Mastodon joins them); a follow whose settings were never read has Mastodon's
    /// default for a new follow: boosts shown, no notifications, every language.
    public static func following(_ relations: [ArchivedRelation]) -> String {
        let settings = Dictionary(relations.map { ($0.acct, $0.settings) }) { first, _ in first }
        return "Account address,Show boosts,Notify on new posts,Languages\n"
            + handles(relations).map { handle in
                let setting = settings[handle] ?? nil
                let languages = setting?.languages.map { rubyField($0.joined(separator: ", ")) } ?? ""
                return "\(handle),\(setting?.showingReblogs ?? true),\(setting?.notifying ?? false),\(languages)\n"
            }.joined()
    }

    /// `lists.csv`: one row per member of each list, `list title,account address`, by list id then
    /// member. A title is stripped of control characters and otherwise written as it is, as Mastodon's
    /// export writes it (it neutralises no formula character): a new server's import makes the list of
    /// that title, and a title that begins with `=`, `+`, `-` or `@` is a title, not a formula, there
    /// (Icebox's own `--csv` outputs, made for spreadsheets, neutralise such text).
    public static func lists(_ lists: [ArchivedList]) -> String {
        lists.sorted { ($0.id.utf8.count, $0.id) < ($1.id.utf8.count, $1.id) }.flatMap { list in
            let title = rubyField(list.title.terminalSafe)
            return handles(list.members).map { "\(title),\($0)\n" }
        }.joined()
    }

    /// A field as Ruby's CSV writes it: quoted when it holds a comma, a quote or a line break, or is
    /// empty.
    static func rubyField(_ text: String) -> String {
        guard text.isEmpty || text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `muted_accounts.csv`, each with Mastodon's default for a mute: notifications hidden.
    public static func muted(_ relations: [ArchivedRelation]) -> String {
        "Account address,Hide notifications\n" + handles(relations).map { "\($0),true\n" }.joined()
    }

    /// `blocked_accounts.csv`.
    public static func blocked(_ relations: [ArchivedRelation]) -> String {
        handles(relations).map { "\($0)\n" }.joined()
    }

    /// `blocked_domains.csv`.
    public static func blockedDomains(_ relations: [ArchivedRelation]) -> String {
        Set(relations.map(\.acct).filter { isDomain($0) }).sorted().map { "\($0)\n" }.joined()
    }

    /// `bookmarks.csv`: the bookmarked posts' uris.
    public static func bookmarks(_ uris: [String]) -> String {
        Set(uris.filter { isURI($0) }).sorted().map { "\($0)\n" }.joined()
    }

    /// The handles that can be written as they are: `user@domain` of the characters handles and
    /// domains are made of. Anything else (a comma, a quote, a line break, a leading `=` a spreadsheet
    /// would run) was never a handle a server can import, and is left out rather than quoted.
    static func handles(_ relations: [ArchivedRelation]) -> [String] {
        Set(
            relations.map(\.acct).filter { acct in
                let parts = acct.split(separator: "@", omittingEmptySubsequences: false)
                // A username starts with a letter, a digit or `_` (never a formula's `-`).
                return parts.count == 2 && parts[0].first.map { $0.isLetter || $0.isNumber || $0 == "_" } == true
                    && parts[0].unicodeScalars.allSatisfy(usernameScalars.contains) && isDomain(String(parts[1]))
            }
        ).sorted()
    }

    private static let usernameScalars = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-")

    private static func isDomain(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, CharacterSet.alphanumerics.contains(first), text.utf8.count <= 253
        else { return false }
        return text.unicodeScalars.allSatisfy {
            CharacterSet.alphanumerics.contains($0) || ".-:".unicodeScalars.contains($0)
        }
    }

    private static func isURI(_ text: String) -> Bool {
        (text.hasPrefix("https://") || text.hasPrefix("http://"))
            && !text.unicodeScalars.contains {
                $0 == "," || $0 == "\"" || CharacterSet.whitespacesAndNewlines.contains($0)
            }
    }
}
