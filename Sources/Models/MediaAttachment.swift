import Foundation

/// A file attached to a status.
public struct MediaAttachment: Codable, Hashable, Sendable {
    /// Opaque; Pleroma sends negative numbers as strings.
    public var id: String
    public var type: MediaType
    /// The serving server's copy; `nil` while processing. May point at `/media_proxy`.
    public var url: String?
    public var previewURL: String?
    /// The origin server's copy for remote media.
    public var remoteURL: String?
    public var previewRemoteURL: String?
    /// Alt text.
    public var description: String?
    public var blurhash: String?
    public var meta: Meta?

    /// Sizes and timing as the server measured them. Zero sizes read as absent.
    public struct Meta: Codable, Hashable, Sendable {
        public var original: Dimensions?
        public var small: Dimensions?

        public init(original: Dimensions?, small: Dimensions? = nil) {
            self.original = original
            self.small = small
        }
    }

    /// Width, height and, for time-based media, duration.
    public struct Dimensions: Codable, Hashable, Sendable {
        public var width: Int?
        public var height: Int?
        public var duration: Double?

        enum CodingKeys: String, CodingKey { case width, height, duration }

        public init(width: Int?, height: Int?, duration: Double? = nil) {
            self.width = width
            self.height = height
            self.duration = duration
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            width = try c.positive(.width)
            height = try c.positive(.height)
            duration = try? c.decodeIfPresent(Double.self, forKey: .duration)
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, type, url, description, blurhash, meta
        case previewURL = "preview_url"
        case remoteURL = "remote_url"
        case previewRemoteURL = "preview_remote_url"
    }

    public init(
        id: String, type: MediaType, url: String?, description: String? = nil, blurhash: String? = nil,
        meta: Meta? = nil
    ) {
        self.id = id
        self.type = type
        self.url = url
        self.description = description
        self.blurhash = blurhash
        self.meta = meta
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.identifier(.id)
        type = try c.decodeIfPresent(MediaType.self, forKey: .type) ?? .unknown
        url = try c.text(.url)
        previewURL = try c.text(.previewURL)
        remoteURL = try c.text(.remoteURL)
        previewRemoteURL = try c.text(.previewRemoteURL)
        description = try c.text(.description)
        blurhash = try c.text(.blurhash)
        // `meta` varies wildly between servers and media kinds; unreadable meta is not worth losing a post.
        meta = try? c.decodeIfPresent(Meta.self, forKey: .meta)
    }
}
