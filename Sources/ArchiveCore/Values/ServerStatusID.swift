import Foundation

/// A status's id on one server (ids differ per server). Decodes from a row of `status_ids` on either
/// store (its coding keys are the columns).
public struct ServerStatusID: Sendable, Hashable, Decodable {
    package init(server: String, localID: String, goneAt: String? = nil, fromFile: Bool = false) {
        self.server = server
        self.localID = localID
        self.goneAt = goneAt
        self.fromFile = fromFile
    }

    /// The host (with port when not the default), as timelines record it.
    public var server: String
    public var localID: String
    /// When this server said its copy is gone, where it does not speak for the post itself
    /// (``DeletionAuthority``): the post stays as it was, only this copy is marked.
    public var goneAt: String?
    /// Whether only a file named this id (an import), not the server: shown, but no server is asked
    /// anything by it.
    public var fromFile: Bool

    enum CodingKeys: String, CodingKey {
        case server
        case localID = "local_id"
        case goneAt = "gone_at"
        case fromFile = "from_file"
    }
}
