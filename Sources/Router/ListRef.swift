import Foundation

/// A Mastodon list, as far as a route needs it: its id on the archiving account's server and its title.
public struct ListRef: Codable, Hashable, Sendable {
    /// The list's id on the server (opaque), as in the timeline spec `list:ID`.
    public var id: String
    /// The title to show; empty when unknown (then the id is shown).
    public var title: String

    public init(id: String, title: String = "") {
        self.id = id
        self.title = title
    }
}
