import Foundation
import Models

/// An edited status whose earlier versions are still to be fetched from the server it was read from.
/// Decodes from a row of `EditHistoryStatements.wanted` on either store (its coding keys are the columns).
public struct WantedEditHistory: Sendable, Hashable, Decodable {
    package init(number: Int64, server: String, localID: String) {
        self.number = number
        self.server = server
        self.localID = localID
    }

    /// The archive's number for the status.
    public var number: Int64
    /// The host (with port) to ask, and the status's id there.
    public var server: String
    public var localID: String

    enum CodingKeys: String, CodingKey {
        case number = "status_id"
        case server
        case localID = "local_id"
    }
}
