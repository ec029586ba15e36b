import ArchiveCore
import Foundation
import Models

/// An account's boosts that imports named by uri (an `Announce` of Mastodon's export), made statuses
/// of their own once the post each boosts is archived: a boost as a sync would have archived it, with
/// the `Announce`'s id, date and visibility, found by `is:boost`, listed under the post as boosted by
/// the account, and written back as an `Announce` by an export.
///
/// The boost's JSON is the Mastodon API's: the boosted post as archived (byte for byte) in `reblog`,
/// and the account as its newest archived post shows it (or as the export's `actor.json` does, when it
/// has none). A sync that later serves the same boost replaces it (the same uri); one already archived
/// is left as it is.
public enum BoostRows {
    /// Stores the boosts of `source`'s account that can be made now; returns what storing them changed.
    /// `actorAccount`: the account's API JSON to use when the archive holds no post of it.
    public static func store(
        account handle: String, actorAccount: Data?, source: ImportSource,
        into archive: any ArchiveStore
    ) async throws -> StoreResult {
        let named = try await archive.references(kind: .boost).filter {
            $0.resolved && $0.activityURI != nil && $0.publishedAt != nil
                && $0.accountHandle.caseInsensitiveCompare(handle) == .orderedSame
        }
        guard !named.isEmpty, let account = try await accountJSON(handle, fallback: actorAccount, archive) else {
            return StoreResult()
        }
        // The boosts already archived, in one query rather than one per reference on every import.
        let archived = Set(try await archive.archivedBoosts(by: handle).compactMap(\.activityURI))
        var boosts: [ImportedStatus] = []
        for reference in named {
            guard let activity = reference.activityURI, !archived.contains(activity),
                let boosted = try await archive.rawJSON(uri: reference.uri)
            else { continue }
            let raw = Data(json(of: reference, activity: activity, boosted: boosted, account: account))
            // A boost that cannot be read back (an archived post the decoder no longer takes) stays a
            // reference; the others are made all the same.
            guard let status = try? ArchivableStatus(decoding: raw, servedBy: source.server) else { continue }
            boosts.append(
                ImportedStatus(
                    status: status, source: nil, entry: "Announce \(activity)",
                    hasServerID: serverID(of: activity) != nil))
        }
        guard !boosts.isEmpty else { return StoreResult() }
        let stored = ImportLedger()
        try await archive.importAtomically(source) { [boosts] sink in
            let result = try sink.store(boosts, unreadable: [])
            stored.update { $0.stored += result }
        }
        return stored.current.stored
    }

    /// The account's API JSON, byte for byte as its newest archived post holds it.
    private static func accountJSON(_ handle: String, fallback: Data?, _ archive: any ArchiveStore) async throws
        -> Data?
    {
        guard let newest = try await archive.posts(.author(handle), limit: 1, offset: 0).first,
            let raw = try await archive.rawJSON(uri: newest.uri),
            let account = try? RawJSON.value(forKey: "account", inObject: raw)
        else { return fallback }
        return account
    }

    /// The server's id of a boost whose Announce is Mastodon's `…/statuses/<id>/activity`.
    static func serverID(of activity: String) -> String? {
        guard activity.hasSuffix("/activity") else { return nil }
        let status = String(activity.dropLast("/activity".count))
        return ActivityMapper.hasServerID(status) ? ActivityMapper.localID(status) : nil
    }

    /// The boost as the Mastodon API shows one (see the `status_reblog` fixture of Mastodon 4).
    static func json(of reference: ImportedReference, activity: String, boosted: Data, account: Data) -> [UInt8] {
        var json = JSONBytes()
        json.reserve(boosted.count + account.count + 1024)
        json.raw("{\"id\":")
        json.string(serverID(of: activity) ?? activity)
        json.member("created_at", reference.publishedAt ?? "")
        json.raw(",\"in_reply_to_id\":null,\"in_reply_to_account_id\":null,\"sensitive\":false,\"spoiler_text\":\"\"")
        json.member("visibility", reference.visibility ?? "public")
        json.raw(",\"language\":null")
        json.member("uri", activity)
        json.member("url", activity)
        json.raw(
            ",\"replies_count\":0,\"reblogs_count\":0,\"favourites_count\":0,\"edited_at\":null,\"content\":\"\",\"reblog\":"
        )
        json.bytes.append(contentsOf: boosted)
        json.raw(",\"account\":")
        json.bytes.append(contentsOf: account)
        json.raw(",\"media_attachments\":[],\"mentions\":[],\"tags\":[],\"emojis\":[],\"card\":null,\"poll\":null}")
        return json.bytes
    }
}
