import Foundation

/// The schema as this binary sees it: migrations applied, and how many it carries.
public struct SchemaState: Sendable, Hashable {
    /// Migrations recorded in the archive, in order.
    public var applied: [String]
    /// Migrations this binary carries.
    public var known: [String]
    /// Applied migrations this binary does not know (written by a newer Icebox).
    public var unknown: [String] { applied.filter { !known.contains($0) } }
    /// Carried migrations the archive has not had yet.
    public var pending: [String] { known.filter { !applied.contains($0) } }

    public init(applied: [String], known: [String]) {
        self.applied = applied
        self.known = known
    }
}
