import Foundation

/// The link preview of a status. Servers send `""` and `0` for missing parts; those read as `nil`.
public struct PreviewCard: Codable, Hashable, Sendable {
    public var url: String
    public var title: String
    public var description: String
    /// `link`, `photo`, `video` or `rich`, kept as sent.
    public var type: String
    public var authorName: String?
    public var authorURL: String?
    public var providerName: String?
    public var providerURL: String?
    public var html: String?
    public var width: Int?
    public var height: Int?
    public var image: String?
    public var blurhash: String?

    enum CodingKeys: String, CodingKey {
        case url, title, description, type, html, width, height, image, blurhash
        case authorName = "author_name"
        case authorURL = "author_url"
        case providerName = "provider_name"
        case providerURL = "provider_url"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        url = try c.string(.url)
        title = try c.string(.title)
        description = try c.string(.description)
        type = try c.decodeIfPresent(String.self, forKey: .type) ?? "link"
        authorName = try c.text(.authorName)
        authorURL = try c.text(.authorURL)
        providerName = try c.text(.providerName)
        providerURL = try c.text(.providerURL)
        html = try c.text(.html)
        width = try c.positive(.width)
        height = try c.positive(.height)
        image = try c.text(.image)
        blurhash = try c.text(.blurhash)
    }
}
