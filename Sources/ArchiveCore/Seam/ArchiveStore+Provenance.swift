import Foundation

/// Where statuses came from, and what imports named: written once over the store's ``StoreExecutor``.
extension ArchiveStore {
    /// Where a status came from: the pinned timelines whose sync saw it, the servers it was read from
    /// outside any timeline, and the files it was imported from.
    public func provenance(of number: Int64) async throws(ArchiveError) -> [StatusProvenance] {
        try await executor.read(StatusProvenance.reads(ofAny: [number], executor.dialect))[number] ?? []
    }

    /// The favourites, bookmarks and boosts imports named by uri (of one kind, or all), each marked
    /// resolved when the archive holds the status it names.
    public func references(kind: ImportedReference.Kind?) async throws(ArchiveError) -> [ImportedReference] {
        try await executor.fetch(
            SQLStatement(ProvenanceStatements.references(executor.dialect), .text(orNull: kind?.rawValue))
        ) { row -> ImportedReference? in
            guard let kind = ImportedReference.Kind(rawValue: try row.text("kind")) else { return nil }
            var reference = ImportedReference(
                accountHandle: try row.text("account_handle"), kind: kind, uri: try row.text("uri"),
                activityURI: try row.optionalText("activity_uri"), publishedAt: try row.optionalText("published_at"),
                visibility: try row.optionalText("visibility"))
            reference.resolved = try row.boolean("resolved")
            return reference
        }.compactMap { $0 }
    }

    /// The source object a status was last imported with from a file of `format`, while a file's copy is
    /// the one shown.
    public func importedSource(of number: Int64, format: String) async throws(ArchiveError) -> Data? {
        try await executor.fetchFirst(SQLStatement(ProvenanceStatements.source, .int(number), .text(format))) {
            try $0.isNull("raw_json") ? nil : try $0.bytes("raw_json")
        } ?? nil
    }
}

extension StatusProvenance {
    /// The provenance of each status of a set, by number (none for a status with none): three statements
    /// for the whole set, each status's entries in the order ``ArchiveStore/provenance(of:)`` gives them.
    package static func reads(ofAny numbers: [Int64], _ dialect: any SQLDialect) -> TransactionPlan<
        [Int64: [StatusProvenance]]
    > {
        let set = SQLArgument.ints(numbers)
        return .fetch(
            SQLStatement(ProvenanceStatements.timelines(ofAny: dialect), set),
            { row in (try row.integer("status_id"), try row.text("spec"), try row.text("server")) }
        ) { timelines in
            var found: [Int64: [StatusProvenance]] = [:]
            var syncedFrom: [Int64: Set<String>] = [:]
            for (number, spec, server) in timelines {
                let host = ServerAuthority.of(server)
                syncedFrom[number, default: []].insert(host)
                found[number, default: []].append(StatusProvenance(kind: .sync, detail: "\(spec) on \(host)"))
            }
            return .fetch(
                SQLStatement(ProvenanceStatements.fetchedFrom(ofAny: dialect), set),
                { row in (try row.integer("status_id"), try row.text("server")) }
            ) { [found, syncedFrom] fetches in
                var found = found
                for (number, server) in fetches where !(syncedFrom[number]?.contains(server) ?? false) {
                    found[number, default: []].append(StatusProvenance(kind: .fetch, detail: server))
                }
                return .grouped(SQLStatement(ProvenanceStatements.files(ofAny: dialect), set), fileEntry) {
                    [found] imports in
                    .done(found.merging(imports) { $0 + $1 })
                }
            }
        }
    }

    /// A row of ``ProvenanceStatements/files(_:)`` as an entry: `format file (entry)`.
    @Sendable private static func fileEntry(_ row: any ColumnReading) throws -> StatusProvenance {
        let entry = try row.text("entry")
        let detail = "\(try row.text("format")) \(try row.text("file"))" + (entry.isEmpty ? "" : " (\(entry))")
        return StatusProvenance(kind: .import, detail: detail)
    }
}
