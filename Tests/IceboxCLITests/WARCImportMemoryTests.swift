import Foundation
import GRDB
import IceboxTestSupport
import Testing
import WARC

/// `import warc` of a long capture keeps memory bounded in bytes, not in what the file inflates to: its
/// statuses go to the archive in batches as they are read, and a status captured many times is kept as
/// its latest edit.
@Suite(.serialized) struct WARCImportMemoryTests {
    private static let server = "social.example"

    /// A status of alice's as her server's API serves it, with `padding` bytes of an extension field (a
    /// server may send fields Icebox does not know; they are kept byte for byte).
    private static func status(_ number: Int, content: String, editedAt: String?, padding: Int) -> String {
        let id = String(111_000_000_000_000_000 + number)
        let edited = editedAt.map { #","edited_at":"\#($0)""# } ?? ""
        return #"""
            {"id":"\#(id)","uri":"https://\#(server)/users/alice/statuses/\#(id)","url":"https://\#(server)/@alice/\#(id)",\#
            "created_at":"2024-03-01T09:00:00.000Z"\#(edited),"account":{"id":"1","username":"alice","acct":"alice",\#
            "display_name":"Alice","url":"https://\#(server)/@alice","note":""},"content":"<p>\#(content)</p>",\#
            "visibility":"public","media_attachments":[],"x_padding":"\#(String(repeating: "a", count: padding))"}
            """#
    }

    /// One gzip member holding a timeline page of `statuses` as a `resource` record.
    private static func member(_ statuses: [String], number: Int) -> Data {
        let block = Data(("[" + statuses.joined(separator: ",") + "]").utf8)
        let record = WARCRecord(
            fields: [
                .init("WARC-Type", "resource"), .init("WARC-Record-ID", "<urn:uuid:page-\(number)>"),
                .init("WARC-Date", "2024-03-02T09:00:00Z"),
                .init("WARC-Target-URI", "https://\(server)/api/v1/timelines/home?page=\(number)"),
                .init("Content-Type", "application/json"), .init("Content-Length", String(block.count)),
            ], block: block)
        return GzipMember.compress(record.serialized())
    }

    @Test(.timeLimit(.minutes(5)))
    func aCaptureOfManyLargePagesIsStoredInBatchesAndItsLatestEditKept() async throws {
        let folder = try TemporaryDirectory("icebox-warc-memory")
        let file = folder.url.appending(path: "long.warc.gz")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        // 48 pages of the same 400 statuses of 16 KiB: each page inflates to 6.5 MB (under the inflation
        // meter's ratio floor), the file to 315 MB.
        let (pages, perPage, padding) = (48, 400, 16 << 10)
        var inflated = 0
        for page in 0..<pages {
            let statuses = (0..<perPage).map { number in
                switch (number, page) {
                case (0, 1):
                    Self.status(0, content: "first words", editedAt: "2024-03-01T10:00:00.000Z", padding: padding)
                case (0, pages - 1):
                    Self.status(0, content: "second words", editedAt: "2024-03-01T11:00:00.000Z", padding: padding)
                default: Self.status(number, content: "post \(number)", editedAt: nil, padding: padding)
                }
            }
            inflated += statuses.reduce(0) { $0 + $1.utf8.count }
            try handle.write(contentsOf: Self.member(statuses, number: page))
        }
        try handle.close()
        let inflatedMiB = Double(inflated) / Double(1 << 20)
        #expect(inflatedMiB > 300)

        let cli = try CLI()
        let (result, peak) = try await cli.measured(["import", "warc", file.path])
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        #expect(peak < inflatedMiB / 2, "peak RSS \(peak) MiB for \(Int(inflatedMiB)) MiB of statuses")

        let queue = try DatabaseQueue(path: cli.home.url.appending(path: "archive.sqlite").path)
        let uri = "https://\(Self.server)/users/alice/statuses/111000000000000000"
        let (count, number, content) = try await queue.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM statuses") ?? 0,
                try Int.fetchOne(db, sql: "SELECT id FROM statuses WHERE uri = ?", arguments: [uri]),
                try String.fetchOne(db, sql: "SELECT content FROM statuses WHERE uri = ?", arguments: [uri])
            )
        }
        #expect(count == perPage)
        #expect(content?.contains("second words") == true, "\(content ?? "none")")
        let shown = try await cli.run("show", String(try #require(number)))
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("second words") && !shown.stdout.contains("first words"), "\(shown.stdout)")
    }
}
