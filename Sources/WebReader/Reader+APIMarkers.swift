import ArchiveCore
import Foundation
import Hummingbird

/// `/api/v1/markers` of the archive's Mastodon API (issue 45): where an app last read `home` and
/// `notifications`, kept for each token by its hash (``APIMarkerStore``). Setting one is the one write
/// the API takes: it changes no archived thing.
extension Reader {
    /// `GET`: the token's markers of the timelines `timeline[]` names (every one it set when none).
    func apiMarkers(_ request: APIRequest) throws -> Reply {
        guard let key = request.markerKey else { return .api(Data("{}".utf8)) }
        let asked = Set(request.list("timeline"))
        let markers = try keptMarkers { () throws(APITokenError) in try self.markers.markers(forToken: key) }
        return .api(Self.markersJSON(markers.filter { asked.isEmpty || asked.contains($0.key) }))
    }

    /// `POST`: sets `home[last_read_id]` and `notifications[last_read_id]`, sent as a form, as JSON or in
    /// the query; gives the markers set.
    func setMarkers(_ request: APIRequest) throws -> Reply {
        guard let key = request.markerKey else { throw APIFailure.readOnly }
        var ids: [String: String] = [:]
        for timeline in APIMarkerStore.timelines {
            if let id = request.parameters["\(timeline)[last_read_id]"] { ids[timeline] = id }
        }
        let sent = try Self.markerBody(request)
        for (timeline, fields) in sent { if let id = fields["last_read_id"] { ids[timeline] = id } }
        let markers = try keptMarkers { () throws(APITokenError) in try self.markers.set(ids, forToken: key) }
        return .api(Self.markersJSON(markers))
    }

    private func keptMarkers(
        _ body: () throws(APITokenError) -> [String: APIMarker]
    ) throws -> [String: APIMarker] {
        do { return try body() } catch {
            logger.error("serve: markers: \(error)")
            throw APIFailure(status: .internalServerError, message: "The markers could not be kept")
        }
    }

    /// The body's markers by timeline: JSON when its `Content-Type` says so, a form otherwise; a body of
    /// neither is 422 as Mastodon answers a malformed one.
    static func markerBody(_ request: APIRequest) throws -> [String: [String: String]] {
        guard !request.body.isEmpty else { return [:] }
        do {
            if request.contentType.lowercased().contains("json") {
                return try JSONDecoder().decode([String: [String: MarkerID]].self, from: request.body)
                    .mapValues { $0.compactMapValues(\.text) }
            }
            return try URLEncodedFormDecoder().decode(
                [String: [String: String]].self, from: String(decoding: request.body, as: UTF8.self))
        } catch {
            throw APIFailure(status: .unprocessableContent, message: "The markers sent could not be read")
        }
    }

    /// Markers as Mastodon writes them: by timeline, each with `last_read_id`, `version`, `updated_at`.
    static func markersJSON(_ markers: [String: APIMarker]) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(markers)) ?? Data("{}".utf8)
    }
}

/// An id a client sent: a string, or a number (Mastodon.py sends an int for an id that reads as one),
/// read from its digits whole (the archive's ids have more digits than a 64-bit integer holds). Any
/// other JSON is no id.
struct MarkerID: Decodable {
    var text: String?

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let string = try? container.decode(String.self) {
            text = string
        } else if let number = try? container.decode(Decimal.self), number >= 0, number == number.rounded() {
            text = "\(number)"
        } else {
            text = nil
        }
    }
}

extension Decimal {
    /// The whole number nearest.
    fileprivate func rounded() -> Decimal {
        var value = self
        var result = Decimal()
        NSDecimalRound(&result, &value, 0, .plain)
        return result
    }
}
