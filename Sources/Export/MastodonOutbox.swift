import ArchiveCore
import Foundation
import Models

/// `outbox.json` of an account, written to a temporary file one activity at a time (an account of
/// 100 000 posts is never held in memory), with the media files its posts name.
struct MastodonOutbox {
    let archive: any ArchiveStore
    let actor: String
    /// The export path of each media file, and the stored file it is.
    private(set) var media: [String: ExportRecord.StoredFile] = [:]
    private(set) var statuses = 0
    private(set) var newest = 0

    init(archive: any ArchiveStore, actor: String) {
        self.archive = archive
        self.actor = actor
    }

    /// Writes the outbox of `numbers` (oldest first) and `boosts` to `file`.
    mutating func write(_ numbers: [Int64], boosts: [ImportedReference], to file: URL) async throws(ExportError) {
        guard FileManager.default.createFile(atPath: file.path, contents: nil),
            let handle = try? FileHandle(forWritingTo: file)
        else {
            throw .io("cannot write the temporary file \(file.path)")
        }
        defer { try? handle.close() }
        func put(_ text: String) throws(ExportError) { try put(Data(text.utf8)) }
        func put(_ data: Data) throws(ExportError) {
            do { try handle.write(contentsOf: data) } catch { throw .io("\(file.path): \(error.localizedDescription)") }
        }
        try put(
            #"{"@context":"https://www.w3.org/ns/activitystreams","id":"outbox.json","type":"OrderedCollection","totalItems":"#
                + "\(numbers.count + boosts.count),\"orderedItems\":[")
        var first = true
        for start in stride(from: 0, to: numbers.count, by: 200) {
            let records: [ExportRecord]
            do {
                records = try await archive.exportRecords(Array(numbers[start..<min(numbers.count, start + 200)]))
            } catch {
                throw .archive(error.description)
            }
            for record in records {
                try put(first ? "" : ",")
                first = false
                try put(try await create(record))
            }
        }
        for boost in boosts {
            try put(first ? "" : ",")
            first = false
            let (to, cc) = audience(of: boost)
            try put(
                Self.json([
                    "id": boost.activityURI ?? boost.uri + "#announce-by-" + actor, "type": "Announce", "actor": actor,
                    "published": boost.publishedAt ?? NSNull(), "to": to, "cc": cc, "object": boost.uri,
                ]))
        }
        try put("]}")
    }

    /// An `Announce`'s addressing as Mastodon writes it for the boost's visibility (public when not known).
    private func audience(of boost: ImportedReference) -> (to: [String], cc: [String]) {
        let followers = actor + "/followers"
        return switch boost.visibility {
        case "unlisted": ([followers], [ActivityWriter.publicCollection])
        case "private": ([followers], [])
        default: ([ActivityWriter.publicCollection], [followers])
        }
    }

    /// The `Create` of one status: the ActivityPub object it was imported from, byte for byte, or one
    /// written from its API JSON.
    private mutating func create(_ record: ExportRecord) async throws(ExportError) -> Data {
        let source: Data?
        do { source = try await archive.importedSource(of: record.number, format: "mastodon-export") } catch {
            throw .archive(error.description)
        }
        let objectBytes: Data
        let object: [String: Any]
        var paths: [String?]
        if let source, let parsed = (try? JSONSerialization.jsonObject(with: source)) as? [String: Any] {
            (objectBytes, object) = (source, parsed)
            paths = ((parsed["attachment"] as? [[String: Any]]) ?? []).map { $0["url"] as? String }
        } else {
            guard let status = (try? JSONSerialization.jsonObject(with: record.raw)) as? [String: Any] else {
                throw .undecodable(uri: record.uri, reason: "not a JSON object")
            }
            let written = ActivityWriter(actor: actor).object(for: status)
            (object, paths) = (written.object, written.mediaPaths)
            objectBytes = Self.json(object)
        }
        for attachment in record.attachments {
            guard attachment.position < paths.count, let path = paths[attachment.position].flatMap(Self.safePath),
                let file = attachment.original
            else { continue }
            media[path] = file
        }
        statuses += 1
        newest = max(newest, Int(MastodonDate.parse(record.createdAt)?.timeIntervalSince1970 ?? 0))
        var activity = Data(
            Self.json([
                "id": record.uri + "/activity", "type": "Create", "actor": actor,
                "published": object["published"] ?? record.createdAt, "to": object["to"] ?? [String](),
                "cc": object["cc"] ?? [String](),
            ]).dropLast())
        activity.append(contentsOf: Array(",\"object\":".utf8))
        activity.append(objectBytes)
        activity.append(UInt8(ascii: "}"))
        return activity
    }

    /// A relative path with nothing that climbs out of the export (`..`, an absolute path), or `nil`.
    static func safePath(_ path: String) -> String? {
        // A URL's path is a server's text too: it is checked like any other once made relative.
        let relative = path.hasPrefix("http://") || path.hasPrefix("https://") ? ActivityWriter.exportPath(path) : path
        let parts = relative.split(separator: "/").filter { $0 != "." && !$0.isEmpty }
        guard !parts.isEmpty, !parts.contains(".."), !relative.contains("\\") else { return nil }
        return parts.joined(separator: "/")
    }

    static func json(_ object: [String: Any]) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data("{}".utf8)
    }
}
