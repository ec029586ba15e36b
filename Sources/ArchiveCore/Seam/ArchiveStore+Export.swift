import Foundation

/// What an export reads of each status, and a post's boosts: written once over the store's
/// ``StoreExecutor``. A set of statuses is read on one snapshot, each kind of row in one statement for
/// many statuses at once, so a page of twenty costs ten statements, not two hundred.
extension ArchiveStore {
    /// The records of `numbers`, in their order (a number named twice comes twice); a number the archive
    /// lacks is an error.
    public func exportRecords(_ numbers: [Int64]) async throws(ArchiveError) -> [ExportRecord] {
        var distinct: [Int64] = []
        var seen = Set<Int64>()
        for number in numbers where seen.insert(number).inserted { distinct.append(number) }
        guard !distinct.isEmpty else { return [] }
        let parts = stride(from: 0, to: distinct.count, by: ExportRecord.perStatement).map {
            Array(distinct[$0..<min($0 + ExportRecord.perStatement, distinct.count)])
        }
        let read = try await executor.read(ExportRecord.reads(parts, executor.dialect, read: [:]))
        return try numbers.map { number throws(ArchiveError) in
            guard let record = read[number] else { throw .notFound("status \(number)") }
            return record
        }
    }

    /// The boosts of status `number` the archive holds (each a status of its own whose `reblog` is this
    /// post), oldest first. Only the boosts some archived timeline carried: not every boost there was.
    public func boosts(of number: Int64) async throws(ArchiveError) -> [ArchivedBoost] {
        try await executor.fetch(SQLStatement(ExportStatements.boosts, .int(number))) {
            try $0.decoded(as: ArchivedBoost.self)
        }
    }
}

extension ExportRecord {
    /// How many statuses one statement reads at most: an export's set is read in parts of this size.
    static let perStatement = 500

    /// The records of the distinct statuses of `parts`, part after part, added to `read`.
    static func reads(_ parts: [[Int64]], _ dialect: any SQLDialect, read: [Int64: ExportRecord]) -> TransactionPlan<
        [Int64: ExportRecord]
    > {
        guard let part = parts.first else { return .done(read) }
        let set = SQLArgument.ints(part)
        return .fetch(
            SQLStatement(ExportStatements.statuses(ofAny: dialect), set),
            { row in (try row.integer("status_id"), try row.decoded(as: StoredStatus.self)) }
        ) { statuses in
            .grouped(SQLStatement(ExportStatements.earlierVersions(ofAny: dialect), set), { try $0.bytes("raw_json") })
            {
                versions in
                .grouped(
                    SQLStatement(ExportStatements.editHistories(ofAny: dialect), set), { try $0.bytes("raw_json") }
                ) { histories in
                    .grouped(SQLStatement(ExportStatements.attachments(ofAny: dialect), set), attachment) {
                        attachments in
                        .grouped(SQLStatement(ExportStatements.avatars(ofAny: dialect), set), avatar) { avatars in
                            .grouped(SQLStatement(ExportStatements.boosts(ofAny: dialect), set), boost) { boosts in
                                .grouped(SQLStatement(ExportStatements.emojiFiles(ofAny: dialect), set), emojiFile) {
                                    emoji in
                                    try StatusProvenance.reads(ofAny: part, dialect).then { sources in
                                        var read = read
                                        for (number, stored) in statuses {
                                            var record = ExportRecord(
                                                number: number, stored: stored,
                                                earlierVersions: versions[number] ?? [],
                                                editHistory: histories[number] ?? [],
                                                attachments: attachments[number] ?? [],
                                                avatar: avatars[number]?.first ?? nil, boosts: boosts[number] ?? [],
                                                emoji: (emoji[number] ?? []).compactMap { $0 }.reduce(into: [:]) {
                                                    $0[$1.0] = $1.1
                                                })
                                            record.sources = sources[number] ?? []
                                            read[number] = record
                                        }
                                        return reads(Array(parts.dropFirst()), dialect, read: read)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// A row of ``ExportStatements/attachments(ofAny:)``.
    @Sendable private static func attachment(_ row: any ColumnReading) throws -> Attachment {
        Attachment(
            position: Int(try row.integer("position")),
            original: try storedFile(row, sha: "sha256", ext: "ext", mime: "mime", size: "size"),
            preview: try storedFile(
                row, sha: "preview_sha256", ext: "preview_ext", mime: "preview_mime", size: "preview_size"))
    }

    /// A row's stored file (sha256, ext, mime, size), if it names one: an avatar's, an emoji's.
    @Sendable private static func avatar(_ row: any ColumnReading) throws -> StoredFile? {
        try storedFile(row, sha: "sha256", ext: "ext", mime: "mime", size: "size")
    }

    /// A row of ``ExportStatements/boosts(ofAny:)``.
    @Sendable private static func boost(_ row: any ColumnReading) throws -> ArchivedBoost {
        try row.decoded(as: ArchivedBoost.self)
    }

    /// A row of ``ExportStatements/emojiFiles(ofAny:)`` as its shortcode and file, when it names both
    /// (the emoji of a status come as a dictionary, the last of a shortcode named twice winning).
    @Sendable private static func emojiFile(_ row: any ColumnReading) throws -> (String, StoredFile)? {
        guard let shortcode = try row.optionalText("shortcode"), let file = try avatar(row) else { return nil }
        return (shortcode, file)
    }

    /// The stored file whose columns are named so, if the row has one (a hash and an extension).
    private static func storedFile(
        _ row: any ColumnReading, sha: String, ext: String, mime: String, size: String
    ) throws -> StoredFile? {
        guard let hash = try row.optionalText(sha), let suffix = try row.optionalText(ext) else { return nil }
        return StoredFile(
            sha256: hash, ext: suffix, mime: try row.optionalText(mime) ?? "application/octet-stream",
            size: try row.optionalInteger(size) ?? 0)
    }
}
