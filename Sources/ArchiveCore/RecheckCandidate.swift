import Foundation

/// An archived status to ask its server about again (`icebox sync --recheck`).
public struct RecheckCandidate: Sendable, Hashable {
    public init(number: Int64, localID: String) {
        self.number = number
        self.localID = localID
    }

    /// The archive's number for it.
    public var number: Int64
    /// Its id on the server being asked.
    public var localID: String
}
