import Foundation

/// A hashtag used in a status.
public struct Tag: Codable, Hashable, Sendable {
    /// The tag without `#`, as the server spelled it.
    public var name: String
    public var url: String?

    public init(name: String, url: String? = nil) {
        self.name = name
        self.url = url
    }

    enum CodingKeys: String, CodingKey { case name, url }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        url = try c.text(.url)
    }
}
