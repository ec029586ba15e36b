import Foundation

/// Declares a string enum that keeps values it does not know (servers add new ones: Pleroma's
/// `local` visibility, media type `unknown`, quote states after 4.4).
public protocol OpenStringEnum: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible
where RawValue == String {
    init(rawValue: String)
}

extension OpenStringEnum {
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
    public var description: String { rawValue }
}

/// Who can see a status. Unknown values (`local`, `list`…) are kept as they are.
public struct Visibility: OpenStringEnum {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let `public` = Visibility(rawValue: "public")
    public static let unlisted = Visibility(rawValue: "unlisted")
    public static let `private` = Visibility(rawValue: "private")
    public static let direct = Visibility(rawValue: "direct")
}

/// The kind of a media attachment. Unknown values are kept as they are.
public struct MediaType: OpenStringEnum {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let image = MediaType(rawValue: "image")
    public static let gifv = MediaType(rawValue: "gifv")
    public static let video = MediaType(rawValue: "video")
    public static let audio = MediaType(rawValue: "audio")
    public static let unknown = MediaType(rawValue: "unknown")
}

/// The state of a quote (Mastodon 4.4+). Unknown values are kept as they are.
public struct QuoteState: OpenStringEnum {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let pending = QuoteState(rawValue: "pending")
    public static let accepted = QuoteState(rawValue: "accepted")
    public static let rejected = QuoteState(rawValue: "rejected")
    public static let revoked = QuoteState(rawValue: "revoked")
    public static let deleted = QuoteState(rawValue: "deleted")
    public static let unauthorized = QuoteState(rawValue: "unauthorized")
}

/// A notification's type (`mention`, `reblog`…). Unknown values are kept as they are.
public struct NotificationType: OpenStringEnum {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let mention = NotificationType(rawValue: "mention")
}
