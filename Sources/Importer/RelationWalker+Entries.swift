import ArchiveCore
import Foundation
import MastodonAPI
import Models

/// What the walk makes of each entry a server sends (issue 44): an account, a blocked domain, a
/// hashtag or a list; anything else cannot be read (and the walk then ends nothing).
extension RelationWalker {
    /// One entry as the archive keeps it: an account (its handle as `server` names it), a domain, a
    /// hashtag (its name in lower case: hashtags are the same whatever their case), or a list; nil when
    /// it is not what `kind` lists.
    static func entry(_ raw: Data, kind: RelationKind, server: String) -> RelationEntry? {
        switch kind {
        case .domainBlocks:
            guard let domain = try? JSONDecoder().decode(String.self, from: raw) else { return nil }
            let name = domain.trimmingCharacters(in: .whitespaces).lowercased()
            guard !name.isEmpty, name.utf8.count <= 253, name.unicodeScalars.allSatisfy(Self.domainScalars.contains)
            else { return nil }
            return RelationEntry(target: name, targetID: nil, url: nil, displayName: "", raw: nil)
        case .followedTags, .featuredTags:
            guard let tag = try? JSONDecoder().decode(TagEntry.self, from: raw), let name = tag.validName else {
                return nil
            }
            return RelationEntry(
                target: name.lowercased(), targetID: tag.id, url: tag.url, displayName: name, raw: raw)
        case .lists:
            guard let list = try? JSONDecoder().decode(ListEntry.self, from: raw),
                (1...64).contains(list.id.utf8.count), list.id.unicodeScalars.allSatisfy(Self.idScalars.contains)
            else { return nil }
            return RelationEntry(target: list.id, targetID: list.id, url: nil, displayName: list.title, raw: raw)
        case .following, .followers, .mutes, .blocks, .endorsements, .listMembers, .notes:
            guard let account = try? JSONDecoder().decode(Account.self, from: raw) else { return nil }
            return RelationEntry(
                target: account.fullHandle(servedBy: server), targetID: account.id, url: account.url,
                displayName: account.displayName, raw: raw)
        }
    }

    /// What a domain (or its `*.` wildcard) is written with; anything else is not a domain.
    private static let domainScalars = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyz0123456789-.*:"
    ).union(.letters)

    /// What a list's id is written with (Mastodon's are numbers, GoToSocial's letters and digits): the
    /// walk's cursor names it, so anything else is not read.
    static let idScalars = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")

    /// A `Tag` (followed) or `FeaturedTag` object: what the ledger keeps of it.
    private struct TagEntry: Decodable {
        var id: String?
        var name: String
        var url: String?

        /// The name, when it is one: letters, digits, marks and `_`, at most 100 bytes.
        var validName: String? {
            let bare = name.hasPrefix("#") ? String(name.dropFirst()) : name
            guard (1...100).contains(bare.utf8.count),
                bare.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) || $0 == "_" })
            else { return nil }
            return bare
        }

        enum CodingKeys: String, CodingKey { case id, name, url }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = try? c.decodeIfPresent(String.self, forKey: .id)
            name = try c.decode(String.self, forKey: .name)
            url = try? c.decodeIfPresent(String.self, forKey: .url)
        }
    }

    /// A `List` object: its id and title.
    private struct ListEntry: Decodable {
        var id: String
        var title: String
    }
}
