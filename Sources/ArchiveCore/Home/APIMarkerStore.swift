import Foundation
import Logging

extension IceboxHome {
    /// The last read positions the API's tokens saved (`/api/v1/markers`), mode 0600.
    public var apiMarkers: URL { directory.appending(path: "api-markers.json") }
}

/// Where an app last read a timeline, as `/api/v1/markers` gives it.
public struct APIMarker: Codable, Sendable, Hashable {
    /// The id of the last status (or notification) read, as the app sent it.
    public var lastReadID: String
    /// How many times it was set: 0 the first time.
    public var version: Int
    /// When it was last set, as Mastodon writes dates.
    public var updatedAt: String

    enum CodingKeys: String, CodingKey {
        case lastReadID = "last_read_id"
        case version
        case updatedAt = "updated_at"
    }
}

/// The markers of `icebox serve`'s Mastodon API (issue 45): the last read position of `home` and
/// `notifications`, kept for each token by its hash in `api-markers.json` in the archive folder, mode
/// 0600, written atomically under the folder's lock and read again at every request (so a second
/// `serve`, or one started again, reads what another set). `serve` opens the store read-only: this file
/// is the one thing its API writes. It never holds a token, only its SHA-256 (as `api-tokens.json` does).
public final class APIMarkerStore: Sendable {
    /// The timelines a marker may be set for, as Mastodon's.
    public static let timelines = ["home", "notifications"]
    /// The most the file may hold; a change that would pass it is refused.
    public static let maximumFileBytes = 256 * 1024
    /// The longest id a marker keeps (the archive's status ids have 23 digits; servers' are shorter).
    public static let maximumIDLength = 64

    private let json: PrivateJSONFile<MarkerFile>

    public init(home: IceboxHome, logger: Logger) {
        json = PrivateJSONFile(
            file: home.apiMarkers, directory: home.directory, holds: "the API's markers",
            maximumBytes: Self.maximumFileBytes, logger: logger)
    }

    /// The markers the token set, by timeline (`key`: ``APIGrant/markerKey``).
    public func markers(forToken key: String) throws(APITokenError) -> [String: APIMarker] {
        try json.read(empty: MarkerFile()).tokens[key] ?? [:]
    }

    /// Sets the token's markers to `ids` (by timeline; other timelines and ids that are empty, too long
    /// or hold control characters are left out), each one's version counted on; gives the markers set.
    public func set(
        _ ids: [String: String], forToken key: String, now: Date = Date()
    ) throws(APITokenError) -> [String: APIMarker] {
        let wanted = ids.filter { timeline, id in
            Self.timelines.contains(timeline) && !id.isEmpty && id.count <= Self.maximumIDLength
                && !id.unicodeScalars.contains { $0.properties.generalCategory == .control }
        }
        guard !wanted.isEmpty else { return [:] }
        return try json.update(empty: MarkerFile()) { (file: inout MarkerFile) throws(APITokenError) in
            var markers = file.tokens[key] ?? [:]
            for (timeline, id) in wanted {
                let version = markers[timeline].map { $0.version + 1 } ?? 0
                markers[timeline] = APIMarker(lastReadID: id, version: version, updatedAt: Timestamp.string(now))
            }
            file.tokens[key] = markers
            return markers.filter { wanted[$0.key] != nil }
        }
    }

    /// The file: each token's markers by its hash, then by timeline.
    struct MarkerFile: Codable, Sendable {
        var tokens: [String: [String: APIMarker]] = [:]
    }
}
