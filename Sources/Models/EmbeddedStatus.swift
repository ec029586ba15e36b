import Foundation

/// A status carried inside another object (a notification's `status`, a conversation's `last_status`),
/// read as a timeline's status is: the status when it can be read, its `uri`, `url` and `id` read from
/// its bytes all the same, and, when it cannot be read, its bytes kept for the unreadable list.
public struct EmbeddedStatus: Sendable, Hashable {
    /// The status, when it could be read.
    public var status: ArchivableStatus?
    /// Its archive key (the readable status's) or the `uri` its bytes name.
    public var uri: String?
    public var url: String?
    /// Its id on the server that sent it.
    public var id: String?
    /// The status kept with its bytes when it could not be read.
    public var unreadable: UnreadableStatus?

    /// The status under `key` of `object`; nil when the member is missing, null or not an object.
    public static func read(_ key: String, of object: Data, servedBy server: String) -> EmbeddedStatus? {
        guard let raw = try? RawJSON.value(forKey: key, inObject: object), raw.first == UInt8(ascii: "{") else {
            return nil
        }
        let keys = (try? RawJSON.values(forKeys: ["uri", "url"], inObject: raw)) ?? [:]
        var embedded = EmbeddedStatus(
            uri: keys["uri"].flatMap(Self.string), url: keys["url"].flatMap(Self.string),
            id: ArchivableStatus.peekID(raw))
        do {
            let status = try ArchivableStatus(decoding: raw, servedBy: server)
            embedded.status = status
            embedded.uri = status.status.archiveURI
        } catch {
            embedded.unreadable = UnreadableStatus(raw: raw, id: error.id, reason: error.reason)
        }
        return embedded
    }

    /// A JSON string's value; nil for any other value.
    private static func string(_ value: Data) -> String? {
        try? JSONDecoder().decode(String.self, from: value)
    }
}
