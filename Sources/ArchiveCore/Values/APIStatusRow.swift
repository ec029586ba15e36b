import Foundation

/// One archived status as the API renders it: its row's keys and its JSON as its server sent it.
public struct APIStatusRow: Sendable, Hashable {
    public var number: Int64
    public var createdAt: String
    public var uri: String
    /// The server its raw JSON came from (`https://host`).
    public var rawServer: String
    /// The uri of the post it boosts, when it is a boost.
    public var reblogURI: String?
    public var authorHandle: String
    public var raw: Data
    /// When the archive learned that its server deleted it (a tombstone), if it did.
    public var goneAt: String?
    /// The id of the post it replies to, as the archive records it for the server of its raw JSON
    /// (`status_ids`); `nil` when it records none.
    public var parentID: String?

    public var key: APIStatusKey { APIStatusKey(createdAt: createdAt, number: number) }

    public init(
        number: Int64, createdAt: String, uri: String, rawServer: String, reblogURI: String?, authorHandle: String,
        raw: Data, goneAt: String? = nil, parentID: String? = nil
    ) {
        self.number = number
        self.createdAt = createdAt
        self.uri = uri
        self.rawServer = rawServer
        self.reblogURI = reblogURI
        self.authorHandle = authorHandle
        self.raw = raw
        self.goneAt = goneAt
        self.parentID = parentID
    }
}
