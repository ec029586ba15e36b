import Foundation
import GRDB

/// How to find the statuses of a search in date order without reading every match: the most selective
/// full-text lookup is probed first. A sparse one (a rare word) becomes a list of candidates to sort; when
/// every lookup is dense (a common word), the date index is walked newest first and each row is checked
/// against the index by rowid, stopping as soon as the page is full.
struct SearchPlan {
    /// Above this many matches a lookup counts as dense.
    static let sparseLimit = 2000

    var conditions: [String]
    var arguments: [any DatabaseValueConvertible]

    /// `nil` when a lookup has no match at all (the search finds nothing).
    init?(_ compiled: SearchCompiler, _ db: Database) throws {
        var lookups = compiled.allLookups
        var conditions = compiled.conditions
        var arguments = compiled.arguments
        var probed: [(index: Int, rowids: [Int64])] = []
        for (index, lookup) in lookups.enumerated() {
            let rowids = try Int64.fetchAll(
                db, sql: "SELECT rowid FROM \(lookup.table) WHERE \(lookup.table) MATCH ? LIMIT \(Self.sparseLimit + 1)",
                arguments: [lookup.expression])
            if rowids.isEmpty { return nil }
            if rowids.count <= Self.sparseLimit { probed.append((index, rowids)) }
        }
        // An author narrows too: their statuses come straight from the handle index.
        var authorCandidates: [Int64]?
        for author in compiled.authorLookups {
            let ids = try Int64.fetchAll(
                db, sql: "SELECT s.id FROM statuses s WHERE \(author.sql) LIMIT \(Self.sparseLimit + 1)",
                arguments: StatementArguments(author.argument))
            if ids.isEmpty { return nil }
            if ids.count <= Self.sparseLimit, ids.count < (authorCandidates?.count ?? Int.max) { authorCandidates = ids }
        }
        let sparsest = probed.min(by: { $0.rowids.count < $1.rowids.count })
        if let authorCandidates, authorCandidates.count < (sparsest?.rowids.count ?? Int.max) {
            conditions.append("s.id IN (SELECT value FROM json_each(?))")
            arguments.append("[" + authorCandidates.map(String.init).joined(separator: ",") + "]")
        } else if let sparsest {
            conditions.append("s.id IN (SELECT value FROM json_each(?))")
            arguments.append("[" + sparsest.rowids.map(String.init).joined(separator: ",") + "]")
            lookups.remove(at: sparsest.index)
        }
        // With a broad author filter SQLite starts from the author index, so a per-row seek would run
        // for every status of theirs: the word matches are read once into a set instead.
        let materialise = !compiled.authorLookups.isEmpty && authorCandidates == nil
        for lookup in lookups {
            conditions.append(materialise ? Self.inSet(lookup) : Self.rowCheck(lookup))
            arguments.append(lookup.expression)
        }
        self.conditions = conditions
        self.arguments = arguments
    }

    /// Row `s` is among a lookup's matches, read once into a set.
    static func inSet(_ lookup: SearchCompiler.TextLookup) -> String {
        "s.id IN (SELECT rowid FROM \(lookup.table) WHERE \(lookup.table) MATCH ?)"
    }

    /// Whether row `s` matches a lookup: a seek by rowid in the full-text index.
    static func rowCheck(_ lookup: SearchCompiler.TextLookup) -> String {
        "EXISTS (SELECT 1 FROM \(lookup.table) WHERE \(lookup.table) MATCH ? AND rowid = s.id)"
    }
}

extension SearchCompiler {
    /// Every positive full-text lookup, the word-index expression first.
    var allLookups: [TextLookup] {
        (match.map { [TextLookup(table: "statuses_fts", expression: $0)] } ?? []) + textLookups
    }
}
