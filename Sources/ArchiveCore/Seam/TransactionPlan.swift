/// A flow that reads and writes in one transaction, as a value: a statement, then what follows from its
/// rows (the next statement, or the result). A driver runs it in its own transaction (SQLite's single
/// writer, synchronously; a PostgreSQL connection, awaiting each answer), so a flow that decides between
/// statements is written once, and runs again from the start when PostgreSQL retries a deadlock.
package struct TransactionPlan<Result: Sendable>: Sendable {
    package indirect enum Step: Sendable {
        /// Nothing more to run.
        case done(Result)
        /// Run the statement; its rows (none for most writes) choose what follows.
        case statement(SQLStatement, next: @Sendable ([any ColumnReading]) throws -> TransactionPlan<Result>)
        /// Insert the rows in as few statements as the driver's batching allows; the rows they return (of
        /// `RowsInsert.returning`, in no promised order) choose what follows.
        case insertMany(RowsInsert, next: @Sendable ([any ColumnReading]) throws -> TransactionPlan<Result>)
        /// Store pages' statuses with the driver's page writer (``PageWrite``), all of them in one write (its
        /// locks taken once, in the driver's order); their results, one per write, choose what follows.
        case storePages([PageWrite], next: @Sendable ([StoreResult]) throws -> TransactionPlan<Result>)
        /// Write a status's row with the driver's row writer (``StatusWrite``); its number, or `nil` when
        /// another writer inserted the same post first, chooses what follows.
        case writeStatus(StatusWrite, next: @Sendable (Int64?) throws -> TransactionPlan<Result>)
        /// Hold what the pages written next need held (``PageGuard``), then go on.
        case guarding(PageGuard, next: @Sendable () throws -> TransactionPlan<Result>)
        /// Run the plan in a savepoint: when its data breaks one of the archive's rules, roll it back and go
        /// on with `otherwise`; else go on with what `then` makes of its result. Any other failure fails the
        /// whole plan.
        case isolating(
            TransactionPlan<any Sendable>, then: @Sendable (any Sendable) throws -> TransactionPlan<Result>,
            otherwise: @Sendable (BrokenRule) throws -> TransactionPlan<Result>)
    }

    package let step: Step

    /// A plan that runs nothing and gives `result`.
    package static func done(_ result: Result) -> Self { Self(step: .done(result)) }

    /// Runs `statement`, then what `next` makes of its rows.
    package static func statement(
        _ statement: SQLStatement, then next: @escaping @Sendable ([any ColumnReading]) throws -> Self
    ) -> Self {
        Self(step: .statement(statement, next: next))
    }

    /// Runs `statement`, decodes its rows, then what `next` makes of them.
    package static func fetch<Row>(
        _ statement: SQLStatement, _ decode: @escaping @Sendable (any ColumnReading) throws -> Row,
        then next: @escaping @Sendable ([Row]) throws -> Self
    ) -> Self {
        Self(step: .statement(statement, next: { rows in try next(rows.map(decode)) }))
    }
}

extension TransactionPlan {
    /// Runs `statements` in order, nothing decided between them, then `next`.
    package static func executing(_ statements: [SQLStatement], then next: Self) -> Self {
        statements.reversed().reduce(next) { plan, statement in
            .statement(statement) { _ in plan }
        }
    }

    /// Runs `statements` in order, nothing decided between them, and gives `result`.
    package static func executing(_ statements: [SQLStatement], giving result: Result) -> Self {
        executing(statements, then: .done(result))
    }
}

extension TransactionPlan {
    /// This plan, then the plan `next` makes of its result, as one plan (in the same transaction or
    /// snapshot). A plan already done goes straight on to `next`, which is why this throws: build a flow
    /// from a statement first, and chain inside its steps.
    package func then<Next>(_ next: @escaping @Sendable (Result) throws -> TransactionPlan<Next>) throws
        -> TransactionPlan<Next>
    {
        switch step {
        case .done(let result): try next(result)
        case .statement(let statement, let following):
            .statement(statement) { rows in try following(rows).then(next) }
        case .insertMany(let insert, let following):
            TransactionPlan<Next>(step: .insertMany(insert, next: { rows in try following(rows).then(next) }))
        case .storePages(let writes, let following):
            TransactionPlan<Next>(step: .storePages(writes, next: { results in try following(results).then(next) }))
        case .guarding(let held, let following):
            TransactionPlan<Next>(step: .guarding(held, next: { try following().then(next) }))
        case .writeStatus(let write, let following):
            TransactionPlan<Next>(step: .writeStatus(write, next: { id in try following(id).then(next) }))
        case .isolating(let inner, let following, let otherwise):
            TransactionPlan<Next>(
                step:
                    .isolating(
                        inner, then: { value in try following(value).then(next) },
                        otherwise: { broken in try otherwise(broken).then(next) }))
        }
    }
}

extension TransactionPlan where Result == Void {
    /// Runs `statements` in order, nothing decided between them.
    package static func executing(_ statements: [SQLStatement]) -> Self { executing(statements, giving: ()) }
}

extension TransactionPlan {
    /// Runs `statement`, whose rows each lead with a status's number as `status_id` (a read of a set of
    /// statuses at once), decodes them grouped by status (each status's in the statement's order), then
    /// what `next` makes of them.
    package static func grouped<Value>(
        _ statement: SQLStatement, _ decode: @escaping @Sendable (any ColumnReading) throws -> Value,
        then next: @escaping @Sendable ([Int64: [Value]]) throws -> Self
    ) -> Self {
        .fetch(statement, { row in (try row.integer("status_id"), try decode(row)) }) { rows in
            var grouped: [Int64: [Value]] = [:]
            for (number, value) in rows { grouped[number, default: []].append(value) }
            return try next(grouped)
        }
    }
}
