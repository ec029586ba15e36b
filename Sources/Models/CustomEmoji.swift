import Foundation

/// A server's custom emoji, shown in text as `:shortcode:`.
public struct CustomEmoji: Codable, Hashable, Sendable {
    public var shortcode: String
    public var url: String
    public var staticURL: String?

    enum CodingKeys: String, CodingKey {
        case shortcode, url
        case staticURL = "static_url"
    }

    public init(shortcode: String, url: String, staticURL: String? = nil) {
        self.shortcode = shortcode
        self.url = url
        self.staticURL = staticURL
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        shortcode = try c.decode(String.self, forKey: .shortcode)
        url = try c.text(.url) ?? ""
        staticURL = try c.text(.staticURL)
    }
}
