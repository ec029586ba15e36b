import Foundation

/// An archived status to ask its server about again (`icebox sync --recheck`). Decodes from a row of
/// `DeletionStatements.recheckCandidates` on either store (its coding keys are the columns).
public struct RecheckCandidate: Sendable, Hashable, Decodable {
    public init(number: Int64, localID: String) {
        self.number = number
        self.localID = localID
    }

    /// The archive's number for it.
    public var number: Int64
    /// Its id on the server being asked.
    public var localID: String

    enum CodingKeys: String, CodingKey {
        case number = "id"
        case localID = "local_id"
    }
}
