import Foundation

/// A quote of another post (Mastodon 4.4+). Either the full quoted status or, when shallow, its id.
public struct Quote: Codable, Hashable, Sendable {
    public var state: QuoteState
    public var quotedStatusID: String?
    private var boxedStatus: Indirect<Status>?

    /// The quoted post, when the server included it.
    public var quotedStatus: Status? { boxedStatus?.value }

    enum CodingKeys: String, CodingKey {
        case state
        case quotedStatus = "quoted_status"
        case quotedStatusID = "quoted_status_id"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        state = try c.decodeIfPresent(QuoteState.self, forKey: .state) ?? .accepted
        boxedStatus = try c.decodeIfPresent(Status.self, forKey: .quotedStatus).map(Indirect.init)
        quotedStatusID = try c.optionalIdentifier(.quotedStatusID) ?? boxedStatus?.value.id
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(state, forKey: .state)
        try c.encodeIfPresent(quotedStatusID, forKey: .quotedStatusID)
        try c.encodeIfPresent(quotedStatus, forKey: .quotedStatus)
    }
}
