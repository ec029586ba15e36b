import Foundation

/// The statements that read who opted out of search (see ``ConsentPolicy``), one text for both stores.
package enum ConsentStatements {
    /// Whether any author opted out, as column `hides`.
    package static func anyOptedOut(_ dialect: any SQLDialect) -> String {
        "SELECT EXISTS (SELECT 1 FROM authors WHERE \(dialect.isTrue("opted_out"))) AS hides"
    }
    /// The handles of the authors who opted out, ordered by their bytes.
    package static func optedOut(_ dialect: any SQLDialect) -> String {
        "SELECT handle FROM authors WHERE \(dialect.isTrue("opted_out")) ORDER BY \(dialect.bytewise("handle"))"
    }
}

extension ConsentStatements {
    /// Whether `policy` leaves anything out of a search: only when honoured and someone opted out. A plan,
    /// so that each store's search runs it on the snapshot it searches.
    package static func hides(_ policy: ConsentPolicy, _ dialect: any SQLDialect) -> TransactionPlan<Bool> {
        guard policy == .honoured else { return .done(false) }
        return hides(policy, dialect) { .done($0) }
    }

    /// Whether `policy` leaves anything out, then the plan `next` makes of it, in the same snapshot.
    package static func hides<Result>(
        _ policy: ConsentPolicy, _ dialect: any SQLDialect,
        then next: @escaping @Sendable (Bool) throws -> TransactionPlan<Result>
    ) -> TransactionPlan<Result> {
        .fetch(SQLStatement(anyOptedOut(dialect)), { try $0.boolean("hides") }) {
            try next(policy == .honoured && $0.first == true)
        }
    }
}
