import ArchiveCore
import Foundation
import Models

/// `icebox import mastodon-archive`: the JSON file mastodon-archive keeps per account
/// (`<host>.user.<name>.json`: `account`, `statuses`, `favourites`, `bookmarks`, `mentions`, each a list
/// of Mastodon API objects as Mastodon.py returned them). Ids and dates are put back in the API's shape
/// (see `APIShape`); the file's own object is kept byte for byte beside each status. Favourites and
/// bookmarks are archived as statuses and recorded as the account's; mentions are notifications whose
/// status is archived. Each list is streamed, so the file is never held whole. Atomic, as every import.
public struct MastodonArchiveImport: Sendable {
    public let file: URL
    public var elementBytes = 64 << 20

    public init(file: URL) {
        self.file = file
    }

    public func run(
        into archive: any ArchiveStore,
        progress: @escaping @Sendable (ImportProgress) -> Void = { _ in }
    ) async throws(ImportError) -> ImportReport {
        try ImportError.requireReadable(file)
        let account = try readAccount()
        let ledger = ImportLedger()
        ledger.update { $0.account = account.handle }
        let source = ImportSource(
            format: "mastodon-archive", file: file.lastPathComponent, server: account.server,
            account: account.handle)
        let (file, elementBytes) = (self.file, self.elementBytes)
        do {
            try await archive.importAtomically(source) { sink in
                var batcher = StatusBatcher(sink: sink, ledger: ledger, progress: progress)
                for list in ["statuses", "favourites", "bookmarks", "mentions"] {
                    try FileItems.forEach(
                        in: file, key: list, maxElementBytes: elementBytes, required: list == "statuses"
                    ) { element, index in
                        let entry = "\(list)[\(index - 1)]"
                        var object = (try? JSONSerialization.jsonObject(with: element)) as? [String: Any]
                        if list == "mentions", let status = object?["status"] as? [String: Any] { object = status }
                        guard let object else {
                            try batcher.add(
                                unreadable: UnreadableStatus(
                                    raw: element, id: nil, reason: "\(entry): not a JSON object"))
                            return
                        }
                        do {
                            let raw = try JSONSerialization.data(
                                withJSONObject: APIShape.restored(object),
                                options: [.sortedKeys, .withoutEscapingSlashes])
                            let status = try ArchivableStatus(decoding: raw, servedBy: account.server)
                            if list == "favourites" || list == "bookmarks" {
                                batcher.add(
                                    ImportedReference(
                                        accountHandle: account.handle,
                                        kind: list == "favourites" ? .favourite : .bookmark,
                                        uri: status.status.archiveURI))
                            }
                            try batcher.add(
                                ImportedStatus(status: status, source: element, entry: entry, hasServerID: true))
                        } catch {
                            try batcher.add(
                                unreadable: UnreadableStatus(raw: element, id: nil, reason: "\(entry): \(error)"))
                        }
                    }
                }
                try batcher.flush()
            }
        } catch {
            throw ImportError.wrapping(error)
        }
        return ledger.current
    }

    /// The account the file is of, from its `account` object (its `url` names the server).
    private func readAccount() throws(ImportError) -> (handle: String, server: String) {
        var found: Data?
        do {
            try FileItems.value(in: file, key: "account", maxBytes: 4 << 20) { found = $0 }
        } catch let error as ImportError { throw error } catch {
            throw .unreadable(file: file.path, entry: "account", reason: "\(error)")
        }
        guard let data = found, let account = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let username = account["username"] as? String,
            let url = (account["url"] as? String).flatMap(URLComponents.init(string:)), let host = url.host
        else {
            throw .notThisFormat(
                file: file.path, reason: "a mastodon-archive file: it has no \"account\" with a username and url")
        }
        let server = url.port.map { "\(host):\($0)" } ?? host
        return ("\(username)@\(server)", server)
    }
}
