import Foundation

/// How many relations of one kind the ledger keeps, holding and ended (`stats`, `/metrics`).
public struct RelationCount: Codable, Sendable, Hashable {
    /// `following`, `followers`, `mutes`… (``RelationKind``'s raw value).
    public var kind: String
    /// Those that hold now.
    public var holding: Int
    /// Those that ended (kept, with when).
    public var ended: Int

    public init(kind: String, holding: Int, ended: Int) {
        self.kind = kind
        self.holding = holding
        self.ended = ended
    }
}
