/// A pinned timeline that carried a status, as a row of ``LookupStatements/timelines`` (or
/// ``LookupStatements/timelines(ofAny:)``) holds it on either store, decoded through ``RowDecoder``.
package struct StatusTimeline: Decodable, Sendable {
    /// The status's number (`status_id`).
    package var statusNumber: Int64
    package var spec: String
    /// The handle of the account the timeline is read with; `nil` when read without login.
    package var handle: String?

    /// How a status lists the timeline: `spec`, or `spec (user@host)` when read with an account.
    package var label: String { handle.map { "\(spec) (\($0))" } ?? spec }

    enum CodingKeys: String, CodingKey {
        case statusNumber = "status_id"
        case spec, handle
    }
}

extension [SearchHit] {
    /// Gives each hit the labels of the timelines that carried it (rows of any of the hits, in order).
    package mutating func attach(_ timelines: [StatusTimeline]) {
        var byStatus: [Int64: [String]] = [:]
        for timeline in timelines { byStatus[timeline.statusNumber, default: []].append(timeline.label) }
        for index in indices { self[index].timelines = byStatus[self[index].number] ?? [] }
    }
}
