import ArchiveCore
import Foundation

/// What one row of a Mastodon CSV claims, read as Mastodon's import reads it (`Form::Import`'s
/// converters): an address trimmed and without a leading `@`, a domain trimmed and in lower case,
/// booleans as Rails casts them (`false`, `f`, `0`, `off` in any case are false; empty says nothing;
/// anything else is true), languages split at commas. Text is kept as the file has it: a list title
/// that begins with `=`, `+`, `-` or `@` is data, never evaluated.
enum MastodonCSVRow {
    case claim(RelationClaim)
    case bookmark(String)
    /// A row whose values are not what its columns hold (an address that is no `user@host`…).
    case unusable(String)

    static func read(
        _ fields: [String], columns: [MastodonCSVKind.Column], kind: MastodonCSVKind, file: String, digest: String,
        line: Int
    ) -> Self {
        var values: [MastodonCSVKind.Column: String] = [:]
        for (column, value) in zip(columns, fields) where column != .other && values[column] == nil {
            values[column] = value
        }
        let trimmed = { (column: MastodonCSVKind.Column) in
            values[column].map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        }
        guard let relation = kind.relation else {
            let uri = trimmed(.uri)
            guard Self.isURI(uri) else { return .unusable("no http(s) uri") }
            return .bookmark(uri)
        }
        let target: String
        if relation == .domainBlocks {
            target = trimmed(.domain).lowercased()
            guard Self.isDomain(target) else { return .unusable("no domain") }
        } else {
            var address = trimmed(.account)
            if address.hasPrefix("@") { address.removeFirst() }
            guard Self.isAddress(address) else { return .unusable("no account address (user@host)") }
            target = address
        }
        var claim = RelationClaim(kind: relation, acct: target, claimedBy: file, fileSHA256: digest, line: line)
        switch kind {
        case .following:
            claim.showingReblogs = values[.showBoosts].flatMap(Self.boolean)
            claim.notifying = values[.notify].flatMap(Self.boolean)
            let languages = (values[.languages] ?? "").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty }
            claim.languages = languages.isEmpty ? nil : languages
        case .mutes: claim.hideNotifications = values[.hideNotifications].flatMap(Self.boolean)
        case .lists:
            claim.list = trimmed(.listName)
            guard !claim.list.isEmpty else { return .unusable("no list name") }
        default: break
        }
        return .claim(claim)
    }

    /// A value as Rails' boolean type casts it; nil for an empty one.
    static func boolean(_ text: String) -> Bool? {
        let value = text.lowercased()
        if value.isEmpty { return nil }
        return !["false", "f", "0", "off"].contains(value)
    }

    private static let handleScalars = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "_.-"))
    private static let domainScalars = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: ".-:"))

    /// `user@host`: a username and a domain of the characters they are made of.
    static func isAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[0].unicodeScalars.allSatisfy(handleScalars.contains)
            && isDomain(String(parts[1]))
    }

    static func isDomain(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 253 && text.unicodeScalars.allSatisfy(domainScalars.contains)
            && !text.hasPrefix(".") && !text.hasPrefix("-")
    }

    static func isURI(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), url.host != nil else { return false }
        return scheme == "https" || scheme == "http"
    }
}
