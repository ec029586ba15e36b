import Foundation

/// A status another Icebox served with its archived bytes (``MirrorExtension``): what is kept is the
/// archived raw JSON, the original server's bytes, while the ids the archive records for the serving
/// Icebox (its `status_ids` and the timeline's cursors) are the ones it gave: the status's, the post it
/// replies to, the post it boosts.
extension ArchivableStatus {
    /// Whether a page's statuses carry the mirror member (a page from another Icebox's `serve`).
    static func isMirrored(_ elements: [Data], document: Data?) -> Bool {
        let name = Data("\"\(MirrorExtension.member)\"".utf8)
        if let document, !document.containsBytes(name) { return false }
        return elements.contains { ((try? RawJSON.value(forKey: MirrorExtension.member, inObject: $0)) ?? nil) != nil }
    }

    /// A page from another Icebox, each status unwrapped alone: one that carries no archived bytes, or
    /// bytes that are no status or another post's, is unreadable with the reason; the others are kept.
    static func decodeMirrored(_ elements: [Data], servedBy server: String?) -> DecodedStatuses {
        decodeEach(elements) { element throws(StatusDecodingError) in
            try ArchivableStatus(mirrored: element, servedBy: server)
        }
    }

    /// The status in the mirror member of `element`: its archived bytes, decoded, with the serving
    /// Icebox's ids.
    init(mirrored element: Data, servedBy server: String?) throws(StatusDecodingError) {
        let id = Self.peekID(element)
        func refused(_ reason: String) -> StatusDecodingError {
            StatusDecodingError(index: nil, id: id, reason: "another Icebox's status \(reason); not kept")
        }
        let served: MirroredIDs
        do { served = try JSONDecoder().decode(MirroredIDs.self, from: element) } catch {
            throw refused("has no id and uri")
        }
        guard let member = try? RawJSON.value(forKey: MirrorExtension.member, inObject: element) else {
            throw refused("has no `\(MirrorExtension.member)` member")
        }
        var unwrapped = try Self.archived(in: member, as: served.post, servedBy: server, refused: refused)
        var tombstones = [MirroredTombstone.of(unwrapped.status, in: member)]
        guard (unwrapped.status.reblog == nil) == (served.reblog == nil) else {
            throw refused("and its archived bytes disagree on whether it is a boost")
        }
        if let boost = served.reblog, let reblogMember = try? RawJSON.value(forKey: "reblog", inObject: member) {
            // The boosted post as the archive keeps it (it may hold a better copy than the boost's).
            let boosted = try Self.archived(in: reblogMember, as: boost, servedBy: server, refused: refused)
            unwrapped.status.reblog = boosted.status
            unwrapped.rawReblog = boosted.raw
            tombstones.append(MirroredTombstone.of(boosted.status, in: reblogMember))
        } else if let boost = served.reblog, var boosted = unwrapped.status.reblog {
            guard boosted.uri == boost.uri else { throw refused("boosts \(boosted.uri), not \(boost.uri)") }
            boosted.id = boost.id
            boosted.inReplyToID = boost.inReplyToID
            unwrapped.status.reblog = boosted
        }
        if let listed = try? RawJSON.value(forKey: MirrorExtension.media, inObject: member),
            let files = try? JSONDecoder().decode([MirroredFile].self, from: listed)
        {
            let urls = unwrapped.status.mediaURLs.union(unwrapped.status.reblog?.mediaURLs ?? [])
            unwrapped.mirroredMedia = MirroredFile.offered(files, for: urls, servedBy: server)
        }
        unwrapped.servedByMirror = true
        unwrapped.mirroredTombstones = tombstones.compactMap { $0 }
        self = unwrapped
    }

    /// The archived status in a mirror member (`{"raw_json": …}`), with the ids `served` gives it.
    private static func archived(
        in member: Data, as served: MirroredIDs.Post, servedBy server: String?,
        refused: (String) -> StatusDecodingError
    ) throws(StatusDecodingError) -> ArchivableStatus {
        guard let raw = try? RawJSON.value(forKey: "raw_json", inObject: member) else {
            throw refused("has no archived raw JSON")
        }
        guard raw.first == UInt8(ascii: "{") else { throw refused("has archived raw JSON that is no object") }
        var status: ArchivableStatus
        do { status = try ArchivableStatus(decoding: raw, servedBy: server) } catch {
            throw refused("has archived raw JSON that is no status (\(error.reason))")
        }
        guard status.status.uri == served.uri else {
            throw refused("is \(served.uri), but its archived raw JSON is \(status.status.uri)")
        }
        status.status.id = served.id
        status.status.inReplyToID = served.inReplyToID
        return status
    }
}

/// The ids another Icebox gives a status it serves, in its own id space.
private struct MirroredIDs: Decodable {
    struct Post: Decodable {
        var id: String
        var uri: String
        var inReplyToID: String?

        enum CodingKeys: String, CodingKey {
            case id, uri
            case inReplyToID = "in_reply_to_id"
        }
    }

    var post: Post
    var reblog: Post?

    var id: String { post.id }
    var uri: String { post.uri }
    var inReplyToID: String? { post.inReplyToID }

    init(from decoder: any Decoder) throws {
        post = try Post(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        reblog = try container.decodeIfPresent(Post.self, forKey: .reblog)
    }

    enum CodingKeys: String, CodingKey { case reblog }
}
