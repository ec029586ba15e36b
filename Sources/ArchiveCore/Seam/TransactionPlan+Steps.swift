import Foundation

/// Rows for one table under one conflict rule: a flow says what to insert, and each driver batches the
/// rows its own way (SQLite in multi-row statements of powers of two, each prepared once; PostgreSQL in
/// statements of up to 65,535 parameters).
package struct RowsInsert: Sendable {
    /// `table(column, …)`.
    package var target: String
    /// Each row's values, one per column of `target`, in its order.
    package var rows: [[SQLArgument]]
    /// What follows the values: an `ON CONFLICT` clause, or nothing.
    package var conflict: String
    /// The columns of the rows inserted to give back (`RETURNING`), or `nil` for none.
    package var returning: String?
    /// Whether the rows come in batches of one size (an import's): SQLite then writes each batch in one
    /// statement, where rows of every count (a sync's pages) go in powers of two, a handful of prepared
    /// statements in all.
    package var evenBatches: Bool

    package init(
        into target: String, rows: [[SQLArgument]], conflict: String = "", returning: String? = nil,
        evenBatches: Bool = false
    ) {
        self.target = target
        self.rows = rows
        self.conflict = conflict
        self.returning = returning
        self.evenBatches = evenBatches
    }

    /// The text after the rows: the conflict clause and the `RETURNING` list.
    package var suffix: String {
        conflict + (returning.map { " RETURNING " + $0 } ?? "")
    }
}

/// Statuses for the driver's page writer, which stores them with the rules of a page (see
/// ``ArchiveStore/store(_:unreadable:origin:cursor:)``) and its own batching, in the plan's transaction.
package struct PageWrite: Sendable {
    /// The rows, in the order they are stored.
    package var rows: [PageRow]
    package var origin: PageOrigin
    package var now: String
    /// Whether the transaction holds the store for itself (an import), so that the rows need no locks
    /// of their own against other writers (PostgreSQL's per-uri locks).
    package var holdsStore: Bool
    /// Whether the rows come in batches of one size (see ``RowsInsert/evenBatches``).
    package var evenBatches: Bool

    package init(
        _ rows: [PageRow], origin: PageOrigin, now: String, holdsStore: Bool = false, evenBatches: Bool = false
    ) {
        self.rows = rows
        self.origin = origin
        self.now = now
        self.holdsStore = holdsStore
        self.evenBatches = evenBatches
    }
}

/// What a page write must hold before it writes on a store that other writers share (PostgreSQL's
/// workers): the leases its pages were fetched under, still held (a worker that lost its lease writes
/// nothing), and its posts locked against other writers, in one global order. A store with one writer at
/// a time and no leases (SQLite) has nothing to hold.
package struct PageGuard: Sendable {
    /// The leases, in the order they are checked (by server, then holder).
    package var fences: [LeaseFence]
    /// The posts (archive uris) to lock now; empty when the page writer locks them itself.
    package var uris: [String]

    package init(fences: [LeaseFence], uris: [String]) {
        self.fences = fences
        self.uris = uris
    }
}

/// A statement of an isolated plan broke one of the archive's rules with its data (a constraint, a value
/// out of range), in the driver's words; the plan's writes were rolled back.
package struct BrokenRule: Error, Sendable {
    package var message: String

    package init(_ message: String) { self.message = message }
}

extension TransactionPlan {
    /// Inserts `insert`'s rows, then what `next` makes of the rows they return.
    package static func inserting(
        _ insert: RowsInsert, then next: @escaping @Sendable ([any ColumnReading]) throws -> Self
    ) -> Self {
        Self(step: .insertMany(insert, next: next))
    }

    /// Stores statuses with the driver's page writer, then what `next` makes of its result.
    package static func storing(_ write: PageWrite, then next: @escaping @Sendable (StoreResult) throws -> Self)
        -> Self
    {
        Self(
            step: .storePages(
                [write],
                next: { results in
                    guard let result = results.first else { throw ArchiveError.database("a page write gave nothing") }
                    return try next(result)
                }))
    }

    /// Stores several pages' statuses with the driver's page writer in one write, then what `next` makes
    /// of their results (one per write, in order).
    package static func storing(
        _ writes: [PageWrite], then next: @escaping @Sendable ([StoreResult]) throws -> Self
    ) -> Self {
        Self(step: .storePages(writes, next: next))
    }

    /// Writes a status's row (see ``StatusWrite``), then what `next` makes of its number (`nil`: another
    /// writer inserted the same post first).
    package static func writing(_ write: StatusWrite, then next: @escaping @Sendable (Int64?) throws -> Self) -> Self {
        Self(step: .writeStatus(write, next: next))
    }

    /// Holds what `held` names (see ``PageGuard``), then `next`.
    package static func guarding(_ held: PageGuard, then next: @escaping @Sendable () throws -> Self) -> Self {
        Self(step: .guarding(held, next: next))
    }

    /// Runs `inner` in a savepoint: what `then` makes of its result, or, when its data broke one of the
    /// archive's rules, what `otherwise` makes of that with its writes rolled back.
    package static func isolating<Inner: Sendable>(
        _ inner: TransactionPlan<Inner>, then next: @escaping @Sendable (Inner) throws -> Self,
        otherwise: @escaping @Sendable (BrokenRule) throws -> Self
    ) -> Self {
        Self(
            step: .isolating(
                inner.map { $0 as any Sendable },
                then: { value in
                    guard let value = value as? Inner else { throw ArchiveError.database("an isolated plan's result") }
                    return try next(value)
                }, otherwise: otherwise))
    }

    /// This plan with its result passed through `transform` (which cannot fail, so the plan keeps its
    /// first statement where ``then(_:)`` would run `next` at once on a plan already done).
    package func map<Mapped>(_ transform: @escaping @Sendable (Result) -> Mapped) -> TransactionPlan<Mapped> {
        switch step {
        case .done(let result): .done(transform(result))
        case .statement(let statement, let next):
            .statement(statement) { rows in try next(rows).map(transform) }
        case .insertMany(let insert, let next):
            .inserting(insert) { rows in try next(rows).map(transform) }
        case .storePages(let writes, let next):
            .storing(writes) { results in try next(results).map(transform) }
        case .guarding(let held, let next):
            .guarding(held) { try next().map(transform) }
        case .writeStatus(let write, let next):
            .writing(write) { id in try next(id).map(transform) }
        case .isolating(let inner, let next, let otherwise):
            TransactionPlan<Mapped>(
                step: .isolating(
                    inner, then: { value in try next(value).map(transform) },
                    otherwise: { broken in try otherwise(broken).map(transform) }))
        }
    }

    /// Runs the plan `step` makes of each element in turn, each given the result so far (`initial` for
    /// the first), and gives the last one's.
    package static func folding<Element: Sendable>(
        _ elements: [Element], from initial: Result,
        _ step: @escaping @Sendable (Result, Element) throws -> Self
    ) throws -> Self {
        try folding(elements[...], from: initial, step)
    }

    /// ``folding(_:from:_:)`` over what is left of the list: a slice, so no step copies the rest.
    private static func folding<Element: Sendable>(
        _ elements: ArraySlice<Element>, from initial: Result,
        _ step: @escaping @Sendable (Result, Element) throws -> Self
    ) throws -> Self {
        guard let first = elements.first else { return .done(initial) }
        let rest = elements.dropFirst()
        return try step(initial, first).then { result in try folding(rest, from: result, step) }
    }
}
