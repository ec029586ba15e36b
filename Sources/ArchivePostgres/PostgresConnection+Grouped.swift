import Logging
import PostgresNIO

extension PostgresConnection {
    /// The rows a statement written for a set of statuses (?1 their numbers, each row led by its
    /// `status_id`) reads, each read by `read` and grouped by number, in the statement's order.
    func grouped<Value>(
        _ statement: String, _ numbers: [Int64], _ logger: Logger,
        _ read: (PostgresRandomAccessRow) throws -> Value
    ) async throws -> [Int64: [Value]] {
        var grouped: [Int64: [Value]] = [:]
        for row in try await rows(PostgresDialect().statement(statement), [.intArray(numbers)], logger: logger) {
            grouped[try row.int64("status_id"), default: []].append(try read(row))
        }
        return grouped
    }
}
