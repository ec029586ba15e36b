import ArchiveCore
import Foundation
import GRDB
import Models

/// `icebox import mastodon-to-sqlite`: the SQLite file of mastodon-to-sqlite, which keeps little of each
/// status: `statuses(id, account_id, content, created_at)` and `accounts(id, username, url, display_name,
/// note)`. What it has is archived: the id on the server, the date, the HTML, the author. A status the
/// archive already holds by its id on the server (a sync's, another file's) is matched by that id, under
/// the uri it has there; the file's own source is recorded beside it. Otherwise its uri is rebuilt the
/// way Mastodon makes it (`https://host/users/name/statuses/id`) for the server's own accounts, so a
/// later sync finds the same row; others are keyed by the server's id. Visibility is not
/// in the file: it is archived as `unknown` (left out of public-only exports) until a sync says.
/// The file is opened read-only and never changed.
public struct MastodonToSQLiteImport: Sendable {
    public let file: URL
    /// The server whose ids the file holds (host[:port]).
    public let server: String
    /// The scheme of the uris guessed for the server's own posts (`https`, or `http` when its URL says).
    public var scheme = "https"
    /// Rows read, matched with the archive and stored per batch.
    public var batchSize = 500

    public init(file: URL, server: String) {
        self.file = file
        self.server = server
    }

    public func run(
        into archive: any ArchiveStore,
        progress: @escaping @Sendable (ImportProgress) -> Void = { _ in }
    ) async throws(ImportError) -> ImportReport {
        try ImportError.requireReadable(file)
        let queue: DatabaseQueue
        do {
            var configuration = Configuration()
            configuration.readonly = true
            queue = try DatabaseQueue(path: file.path, configuration: configuration)
            let tables = try await queue.read { db in
                try String.fetchSet(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
            }
            guard tables.isSuperset(of: ["statuses", "accounts"]) else {
                throw ImportError.notThisFormat(
                    file: file.path, reason: "a mastodon-to-sqlite file: it has no statuses and accounts tables")
            }
        } catch let error as ImportError {
            throw error
        } catch {
            throw .unreadable(file: file.path, entry: nil, reason: "not an SQLite file (\(error))")
        }
        let ledger = ImportLedger()
        let source = ImportSource(format: "mastodon-to-sqlite", file: file.lastPathComponent, server: server)
        let (file, server, scheme, batchSize) = (self.file, self.server, self.scheme, self.batchSize)
        do {
            try await archive.importAtomically(source) { sink in
                try queue.read { db in
                    let rows = try Row.fetchCursor(
                        db,
                        sql: """
                            SELECT s.id, s.content, s.created_at, a.id AS account_id, a.username, a.url, a.display_name, a.note
                            FROM statuses s LEFT JOIN accounts a ON a.id = s.account_id ORDER BY s.id
                            """)
                    var batcher = StatusBatcher(sink: sink, ledger: ledger, progress: progress)
                    var chunk: [Row] = []
                    while let row = try rows.next() {
                        chunk.append(row.copy())
                        guard chunk.count >= batchSize else { continue }
                        try Self.add(chunk, server: server, scheme: scheme, sink: sink, to: &batcher)
                        chunk.removeAll(keepingCapacity: true)
                    }
                    try Self.add(chunk, server: server, scheme: scheme, sink: sink, to: &batcher)
                    try batcher.flush()
                }
            }
        } catch let error as DatabaseError {
            throw .unreadable(file: file.path, entry: "statuses", reason: error.message ?? "\(error)")
        } catch {
            throw ImportError.wrapping(error)
        }
        return ledger.current
    }

    /// Rows of the file, each matched with the status the archive holds for its id on `server` (its uri
    /// then, whatever shape it has), else under the uri Mastodon would give it.
    private static func add(
        _ rows: [Row], server: String, scheme: String, sink: any ImportSink, to batcher: inout StatusBatcher
    ) throws {
        let archived = try sink.archivedURIs(server: server, ids: rows.map { Self.text($0["id"]) })
        for row in rows {
            var status = Self.apiStatus(row, server: server, scheme: scheme)
            if let uri = archived[Self.text(row["id"])] { status["uri"] = uri }
            let entry = "statuses id \(status["id"] as? String ?? "?")"
            let rowJSON =
                (try? JSONSerialization.data(withJSONObject: Self.plain(row), options: [.sortedKeys])) ?? Data()
            let decoded: ArchivableStatus
            do {
                let raw = try JSONSerialization.data(
                    withJSONObject: status, options: [.sortedKeys, .withoutEscapingSlashes])
                decoded = try ArchivableStatus(decoding: raw, servedBy: server)
            } catch {
                try batcher.add(
                    unreadable: UnreadableStatus(
                        raw: rowJSON, id: status["id"] as? String, reason: "\(entry): \(error)"))
                continue
            }
            try batcher.add(ImportedStatus(status: decoded, source: rowJSON, entry: entry, hasServerID: true))
        }
    }

    /// The row as an API status: what the file has, the rest left to a later sync.
    static func apiStatus(_ row: Row, server: String, scheme: String = "https") -> [String: Any] {
        let id = Self.text(row["id"])
        let username: String = row["username"] ?? "unknown"
        let url: String? = row["url"]
        let host = url.flatMap { URLComponents(string: $0)?.host }
        let ownHost = server.split(separator: ":").first.map(String.init) ?? server
        let isLocal = host == nil || host == ownHost
        var account: [String: Any] = [
            "id": Self.text(row["account_id"]), "username": username,
            "acct": isLocal ? username : "\(username)@\(host ?? "")",
            "display_name": row["display_name"] as String? ?? "", "note": row["note"] as String? ?? "",
        ]
        account["url"] = url
        var status: [String: Any] = [
            "id": id, "created_at": row["created_at"] as String? ?? "", "content": row["content"] as String? ?? "",
            "account": account, "visibility": "unknown",
        ]
        // Mastodon's uri for a post of one of its own accounts; a post from elsewhere keeps the server's id.
        if isLocal, url != nil { status["uri"] = "\(scheme)://\(server)/users/\(username)/statuses/\(id)" }
        return status
    }

    private static func text(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .int64(let number): String(number)
        case .string(let text): text
        case .double(let number): String(format: "%.0f", number)
        case .blob, .null: ""
        }
    }

    /// The row as JSON values, to keep as the source.
    private static func plain(_ row: Row) -> [String: Any] {
        var values: [String: Any] = [:]
        for (column, value) in row {
            switch value.storage {
            case .int64(let number): values[column] = number
            case .double(let number): values[column] = number
            case .string(let text): values[column] = text
            case .blob, .null: values[column] = NSNull()
            }
        }
        return values
    }
}
