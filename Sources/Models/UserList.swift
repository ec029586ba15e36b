import Foundation

/// One of a user's lists (`GET /api/v1/lists`): its id is what `list:<id>` pins.
public struct UserList: Codable, Hashable, Sendable {
    /// The list's id on its server.
    public var id: String
    public var title: String

    public init(id: String, title: String) {
        self.id = id
        self.title = title
    }

    enum CodingKeys: String, CodingKey { case id, title }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.identifier(.id)
        title = try c.text(.title) ?? ""
    }
}
