import ArchiveCore
import Foundation
import GRDB

/// How to find the statuses of a search in date order without reading every match.
///
/// The full-text indexes are keyed by `sort_key` (see `SortKey`), so one of them read in rowid order
/// yields its matches in date order: the plan streams from it, checks the rest of the query on each
/// joined row and stops as soon as the page is full. When the query has a choice of starting points (two
/// lookups, or an author), each is probed first; a sparse one (a rare word, an author with few posts)
/// becomes a short list of candidates to sort instead.
struct SearchPlan {
    /// Up to this many matches a lookup counts as sparse.
    static let defaultSparseLimit = 2000

    /// The FROM clause: `statuses s`, or a full-text index `f` joined to `s` on its rowid.
    var source = "statuses s"
    var conditions: [String]
    var arguments: [any DatabaseValueConvertible]
    /// Whether rows come from `f` in rowid (date) order.
    var streams = false

    /// `nil` when a lookup or an author has no match at all (the search finds nothing).
    init?(_ compiled: SearchCompiler, _ db: Database, sparseLimit: Int = Self.defaultSparseLimit) throws {
        var lookups = compiled.allLookups
        conditions = compiled.rowConditions
        arguments = compiled.arguments
        guard !lookups.isEmpty || !compiled.authorLookups.isEmpty else { return }
        // With one lookup and no author there is nothing to choose: stream it.
        if lookups.count > 1 || !compiled.authorLookups.isEmpty {
            var probed: [(index: Int, keys: [Int64])] = []
            for (index, lookup) in lookups.enumerated() {
                let keys = try Int64.fetchAll(
                    db, sql: "SELECT rowid FROM \(lookup.table) WHERE \(lookup.table) MATCH ? LIMIT \(sparseLimit + 1)",
                    arguments: [lookup.expression])
                if keys.isEmpty { return nil }
                if keys.count <= sparseLimit { probed.append((index, keys)) }
            }
            // An author narrows too: their statuses come straight from the handle index.
            var authorCandidates: [Int64]?
            for author in compiled.authorLookups {
                let ids = try Int64.fetchAll(
                    db, sql: "SELECT s.id FROM statuses s WHERE \(author.sql) LIMIT \(sparseLimit + 1)",
                    arguments: StatementArguments(author.arguments))
                if ids.isEmpty { return nil }
                if ids.count <= sparseLimit, ids.count < (authorCandidates?.count ?? Int.max) { authorCandidates = ids }
            }
            let sparsest = probed.min(by: { $0.keys.count < $1.keys.count })
            if let authorCandidates, authorCandidates.count < (sparsest?.keys.count ?? Int.max) {
                candidates("s.id", authorCandidates, checking: lookups)
                return
            }
            if let sparsest {
                lookups.remove(at: sparsest.index)
                candidates("s.sort_key", sparsest.keys, checking: lookups)
                return
            }
        }
        // Every lookup is dense: read the first (the word index, when the query has words) in date order.
        // With no lookup at all (a dense author alone), SQLite orders the rows itself.
        guard !lookups.isEmpty else { return }
        let driver = lookups.removeFirst()
        source = "\(driver.table) f CROSS JOIN statuses s ON s.sort_key = f.rowid"
        streams = true
        let range = compiled.keyRangeConditions(on: "f.rowid")
        // A key set is read once and tested on the rowid, so only the rows in it are read (`+`: no seek).
        conditions =
            ["f.\(driver.table) MATCH ?"] + range.conditions + compiled.keySets.map { "+f.rowid IN (\($0))" }
            + compiled.conditions
        arguments = [driver.expression] + range.arguments + arguments
        // Another index is read once into a set (a seek per row would cost more than reading it when its
        // matches are many), tested on the rowid before the join (`+` keeps it from becoming a seek).
        for lookup in lookups {
            conditions.append("+f.rowid IN (SELECT rowid FROM \(lookup.table) WHERE \(lookup.table) MATCH ?)")
            arguments.append(lookup.expression)
        }
    }

    /// Limits the rows to a list of candidates (`column IN list`) and checks each against `lookups`.
    private mutating func candidates(_ column: String, _ values: [Int64], checking lookups: [SearchCompiler.TextLookup])
    {
        conditions.append("\(column) IN (SELECT value FROM json_each(?))")
        arguments.append("[" + values.map(String.init).joined(separator: ",") + "]")
        for lookup in lookups {
            conditions.append(Self.rowCheck(lookup))
            arguments.append(lookup.expression)
        }
    }

    /// The ORDER BY terms for a date order: the index's rowid when streaming, else the same key on `s`.
    func order(oldestFirst: Bool) -> String {
        (streams ? "f.rowid" : "s.sort_key") + (oldestFirst ? "" : " DESC")
    }

    /// Whether row `s` matches a lookup: a seek by rowid in the full-text index.
    static func rowCheck(_ lookup: SearchCompiler.TextLookup) -> String {
        "EXISTS (SELECT 1 FROM \(lookup.table) WHERE \(lookup.table) MATCH ? AND rowid = s.sort_key)"
    }
}

extension SearchCompiler {
    /// Every positive full-text lookup, one per index (the clauses of an index joined with AND, so that
    /// the index intersects them itself), the word index first.
    var allLookups: [TextLookup] {
        var byTable: [(table: String, expressions: [String])] = []
        for lookup in (match.map { [TextLookup(table: "statuses_fts", expression: $0)] } ?? []) + textLookups {
            if let index = byTable.firstIndex(where: { $0.table == lookup.table }) {
                byTable[index].expressions.append(lookup.expression)
            } else {
                byTable.append((lookup.table, [lookup.expression]))
            }
        }
        return byTable.map { table, expressions in
            TextLookup(
                table: table,
                expression: expressions.count == 1
                    ? expressions[0] : expressions.map { "(\($0))" }.joined(separator: " AND "))
        }
    }
}
