import Foundation
import GRDB
import Testing

@testable import HistoryImport

/// How many walks store an export's media beside the statuses (see `ExportPass.mediaWalks`), and that
/// however many do, the archive ends the same.
@Suite("Media walks")
struct MediaWalksTests {
    @Test func theWalksLeaveAProcessorToTheStatusesUnlessTheMediaOutlastThem() {
        // 256 MB of media beside a 14 MB outbox (20 000 statuses): the statuses take longer.
        #expect(ExportPass.mediaWalks(mediaBytes: 256 << 20, outboxBytes: 14 << 20, processors: 2) == 1)
        #expect(ExportPass.mediaWalks(mediaBytes: 256 << 20, outboxBytes: 14 << 20, processors: 8) == 4)
        // 5 GB beside 70 MB (100 000 statuses): the media take longer, and every processor.
        #expect(ExportPass.mediaWalks(mediaBytes: 5 << 30, outboxBytes: 70 << 20, processors: 2) == 2)
        #expect(ExportPass.mediaWalks(mediaBytes: 5 << 30, outboxBytes: 70 << 20, processors: 3) == 3)
        #expect(ExportPass.mediaWalks(mediaBytes: 5 << 30, outboxBytes: 70 << 20, processors: 16) == 4)
        // One processor, or an outbox whose size is not declared: one walk.
        #expect(ExportPass.mediaWalks(mediaBytes: 5 << 30, outboxBytes: 70 << 20, processors: 1) == 1)
        #expect(ExportPass.mediaWalks(mediaBytes: 5 << 30, outboxBytes: nil, processors: 2) == 1)
    }

    /// The fixture export with 40 more media files (one of them twice, under two names), each named by
    /// a post of its own (media no post names are not stored), zipped.
    private static func export(in fixture: ImportFixture) throws -> URL {
        let extra =
            (0..<40).map { index in
                (
                    "media_attachments/files/400/000/\(index)/original/extra.png",
                    Data([0x89, 0x50, 0x4E, 0x47, UInt8(index)]) + Data(repeating: UInt8(index), count: 10_000 + index)
                )
            } + [
                (
                    "media_attachments/files/400/001/0/original/again.png",
                    Data([0x89, 0x50, 0x4E, 0x47, 0]) + Data(count: 10_000)
                )
            ]
        let outboxFile = ImportFixture.exportFolder.appending(path: "outbox.json")
        var outbox = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: outboxFile)) as? [String: Any])
        let everyone = ["https://www.w3.org/ns/activitystreams#Public"]
        let posts: [[String: Any]] = extra.enumerated().map { index, entry in
            let id = ImportFixture.statusBase + "\(400_000_000_000_000_000 + index)"
            let note: [String: Any] = [
                "id": id, "type": "Note", "published": "2024-04-01T09:00:00Z", "to": everyone,
                "content": "<p>picture \(index)</p>",
                "attachment": [["type": "Document", "mediaType": "image/png", "url": entry.0]],
            ]
            return [
                "id": id + "/activity", "type": "Create", "actor": "https://social.example/users/alice",
                "published": "2024-04-01T09:00:00Z", "to": everyone, "object": note,
            ]
        }
        outbox["orderedItems"] = (outbox["orderedItems"] as? [[String: Any]] ?? []) + posts
        let replaced = ["outbox.json": try JSONSerialization.data(withJSONObject: outbox)]
        let file = fixture.folder.url.appending(path: "more-media.zip")
        try ZipMaker.write(extra + ZipMaker.entries(of: ImportFixture.exportFolder, replacing: replaced), to: file)
        return file
    }

    /// What the media ended as: each url's file, the files' rows, and the files in the media folder.
    private static func media(of fixture: ImportFixture) async throws -> [String] {
        let queue = try DatabaseQueue(path: fixture.folder.url.appending(path: "archive.sqlite").path)
        defer { try? queue.close() }
        let rows = try await queue.read { db in
            try String.fetchAll(
                db, sql: "SELECT url || ' ' || sha256 || ' ' || state FROM media_downloads ORDER BY url")
                + String.fetchAll(
                    db, sql: "SELECT sha256 || ' ' || ext || ' ' || size FROM media_files ORDER BY sha256")
        }
        let files = (FileManager.default.enumerator(atPath: fixture.media.root.path)?.allObjects as? [String] ?? [])
            .filter { !$0.hasPrefix(".tmp") }.sorted()
        return rows + files
    }

    @Test func everyWalkCountStoresTheSameMediaOnce() async throws {
        var results: [Int: ([String], ImportReport)] = [:]
        for walks in [0, 1, 2, 3, 5] {
            let fixture = try ImportFixture()
            let report = try await fixture.run(try Self.export(in: fixture), mediaWalks: walks)
            results[walks] = (try await Self.media(of: fixture), report)
        }
        let (media, report) = try #require(results[0])
        #expect(report.mediaFiles == 44)
        #expect(media.count(where: { $0.hasSuffix(" stored") }) == 44)
        for walks in [1, 2, 3, 5] {
            let (otherMedia, otherReport) = try #require(results[walks])
            #expect(otherMedia == media, "\(walks) walks")
            #expect(
                otherReport.mediaFiles == report.mediaFiles && otherReport.mediaBytes == report.mediaBytes,
                "\(walks) walks")
        }
    }

    @Test(arguments: [0, 2])
    func progressCountsTheMediaAsTheyAreStored(walks: Int) async throws {
        let fixture = try ImportFixture()
        let told = Told()
        let report = try await fixture.run(try Self.export(in: fixture), mediaWalks: walks) { told.append($0) }
        let seen = told.all
        let last = try #require(seen.last)
        #expect(last.mediaFiles == 44 && last.mediaBytes == report.mediaBytes, "\(last)")
        #expect(last.mediaTotalBytes == report.mediaBytes)
        #expect(last.statuses == report.read)
        // Told as the media are stored, before any status (they come first in the ZIP), never going
        // back; stored in turn, file by file (walks may have stored several by the time one is recorded).
        #expect(seen.contains { $0.mediaFiles > 0 && $0.mediaFiles < 44 && $0.statuses == 0 } || walks > 0)
        if walks == 0 { #expect(Set(seen.map(\.mediaFiles)).count >= 40) }
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.mediaBytes <= $1.mediaBytes && $0.statuses <= $1.statuses })
    }
}

/// Progress told from the import's thread, kept for the test.
private final class Told: @unchecked Sendable {
    private let lock = NSLock()
    private var progress: [ImportProgress] = []
    func append(_ item: ImportProgress) { lock.withLock { progress.append(item) } }
    var all: [ImportProgress] { lock.withLock { progress } }
}
