import Foundation

/// A file another Icebox says it keeps for one of a status's media URLs (``MirrorExtension``): the URL as
/// the status names it, the hash of the bytes, and the address the serving Icebox gives them out at. It
/// is that Icebox's word, never the URL's server's: an archive keeps what it fetches this way as a copy
/// of the URL's file, which the URL's own server may still replace.
public struct MirroredFile: Codable, Hashable, Sendable {
    /// The media URL of the status (an attachment's `url`, `remote_url` or `preview_url`).
    public var url: String
    /// The SHA-256 of the file, lower-case hex.
    public var sha256: String
    /// Where the serving Icebox gives the file out.
    public var address: String

    public init(url: String, sha256: String, address: String) {
        self.url = url
        self.sha256 = sha256
        self.address = address
    }

    /// The files of a mirror member's list that speak for the status: those of one of `urls`, with a
    /// well-formed hash, given out by the Icebox that served the status (`server`, `host[:port]`) over
    /// http(s). The others are dropped: a mirror names files only for the posts it serves, and only at
    /// its own address.
    static func offered(_ listed: [MirroredFile], for urls: Set<String>, servedBy server: String?) -> [MirroredFile] {
        guard let server = server?.lowercased() else { return [] }
        return listed.filter { file in
            guard urls.contains(file.url), file.sha256.count == 64,
                file.sha256.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }),
                let address = URL(string: file.address), ["http", "https"].contains(address.scheme?.lowercased()),
                let host = address.host?.lowercased()
            else { return false }
            return (address.port.map { "\(host):\($0)" } ?? host) == server
        }
    }
}

/// A post another Icebox served as deleted: its archive key (its `uri`, as the archive files it) and
/// when that Icebox learned that its server deleted it.
public struct MirroredTombstone: Hashable, Sendable {
    public var key: String
    public var goneAt: Date

    public init(key: String, goneAt: Date) {
        self.key = key
        self.goneAt = goneAt
    }

    /// The tombstone a mirror member (`{"gone_at": "…"}`) gives `status`, if it gives one with a
    /// readable date.
    static func of(_ status: Status, in member: Data) -> MirroredTombstone? {
        guard let value = try? RawJSON.value(forKey: MirrorExtension.goneAt, inObject: member),
            let text = try? JSONDecoder().decode(String.self, from: value), let date = MastodonDate.parse(text)
        else { return nil }
        return MirroredTombstone(key: status.archiveURI, goneAt: date)
    }
}

extension Status {
    /// Every media URL of the status's attachments: where each was served from, its origin's, its preview.
    var mediaURLs: Set<String> {
        Set(mediaAttachments.flatMap { [$0.url, $0.remoteURL, $0.previewURL].compactMap { $0 } })
    }
}
