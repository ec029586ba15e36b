/// One finding of `icebox doctor`: the thing checked, how it stands, and what to do about it.
public struct DoctorCheck: Sendable, Codable, Hashable {
    public enum Status: String, Sendable, Codable, Comparable {
        case ok, warning, problem

        private var rank: Int { self == .ok ? 0 : self == .warning ? 1 : 2 }
        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
    }

    /// The thing checked, named: `archive`, `credentials.json`, `account alice@example.social`…
    public var check: String
    public var status: Status
    /// What was found, and what to do when it is not ok.
    public var message: String

    public init(_ check: String, _ status: Status, _ message: String) {
        self.check = check
        self.status = status
        self.message = message
    }
}
