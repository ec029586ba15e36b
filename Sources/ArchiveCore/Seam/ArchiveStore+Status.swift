import Foundation

/// One status with everything the archive holds about it: written once over the store's
/// ``StoreExecutor``, read on one snapshot (its row, versions, links and sources agree).
extension ArchiveStore {
    /// Everything the archive holds about one status: its row, its id on the server it came from, its
    /// versions, parent and replies, the timelines that carried it, its edit history, the other servers
    /// its copies came from, and where it came from.
    public func status(number: Int64) async throws(ArchiveError) -> ArchivedStatus {
        let dialect = executor.dialect
        let reads: TransactionPlan<ArchivedStatus?> = .fetch(
            SQLStatement(LookupStatements.row(dialect), .int(number)), { try $0.decoded(as: StoredStatus.self) }
        ) { rows in
            guard let stored = rows.first else { return .done(nil) }
            return .fetch(
                SQLStatement(LookupStatements.localID, .int(number), .text(stored.server)),
                { try $0.text("local_id") }
            ) { localID in
                try ArchivedStatus.links(of: number, dialect).then { links in
                    .fetch(
                        SQLStatement(LookupStatements.versions, .int(number)),
                        { try $0.decoded(as: ArchivedStatus.Version.self) }
                    ) { versions in
                        .fetch(
                            SQLStatement(LookupStatements.timelines, .int(number)),
                            { try $0.decoded(as: StatusTimeline.self).label }
                        ) { timelines in
                            .fetch(
                                SQLStatement(EditHistoryStatements.versions(executor.dialect), .int(number)),
                                { try $0.bytes("raw_json") }
                            ) { history in
                                .fetch(
                                    SQLStatement(LookupStatements.otherCopies, .int(number)), { try $0.text("server") }
                                ) { copies in
                                    try StatusProvenance.reads(ofAny: [number], dialect).then { sources in
                                        var status = ArchivedStatus(
                                            number: number, stored: stored, localID: localID.first,
                                            versions: versions, parent: links.parent, replies: links.replies,
                                            timelines: timelines, editHistory: history, otherCopies: copies)
                                        status.sources = sources[number] ?? []
                                        return .done(status)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        guard let found = try await executor.read(reads) else { throw .notFound("status \(number)") }
        return found
    }
}

extension ArchivedStatus {
    /// A status's parent and replies, as ``ArchivedStatus`` links them.
    struct Links: Sendable {
        var parent: Int64?
        var replies: [Int64]
    }

    /// The archived status `number` replies to, and the archived replies to it, oldest first.
    static func links(of number: Int64, _ dialect: any SQLDialect) -> TransactionPlan<Links> {
        .fetch(ThreadWalk.parent(of: number), { try $0.integer("status_id") }) { parent in
            .fetch(ThreadWalk.replies(to: number, dialect), { try $0.integer("id") }) { replies in
                .done(Links(parent: parent.first, replies: replies))
            }
        }
    }
}
