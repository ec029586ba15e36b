import Archive
import ArchiveCore
import Export
import Foundation
import IceboxTestSupport
import Logging
import Models
import REPL
import Testing

/// A redacted post in a thread is a line that says so, never an empty line under its number (old #21).
@Suite struct RedactedThreadTests {
    static func status(_ id: String, text: String, replyTo parent: String? = nil) throws -> ArchivableStatus {
        let reply = parent.map { #","in_reply_to_id":"\#($0)","in_reply_to_account_id":"1""# } ?? ""
        let json = #"""
            {"id":"\#(id)","uri":"https://social.example/users/ann/statuses/\#(id)","created_at":"2024-01-0\#(id)T00:00:00.000Z",
             "account":{"id":"1","username":"ann","acct":"ann","url":"https://social.example/@ann"},
             "content":"<p>\#(text)</p>","visibility":"public"\#(reply)}
            """#
        return try ArchivableStatus(decoding: Data(json.utf8), servedBy: "social.example")
    }

    @Test func aRedactedPostInAThreadIsMarked() async throws {
        let home = try TemporaryDirectory("icebox-repl-redacted")
        let logger = Logger(label: "repl-test")
        let archive = try ArchiveDatabase(path: IceboxHome(directory: home.url).database, logger: logger)
        _ = try await archive.store(
            [
                try Self.status("1", text: "The first post"), try Self.status("2", text: "SECRETWORDS", replyTo: "1"),
                try Self.status("3", text: "A last reply", replyTo: "2"),
            ], server: "social.example")
        let secret = try #require(try await archive.findStatus("https://social.example/users/ann/statuses/2"))
        try await archive.setDeletionPolicy(.redact)
        try await archive.markGone(secret, reportedBy: "social.example", via: .recheck)
        #expect(try await archive.status(number: secret).redactedAt != nil)

        var session = REPLSession(
            archive: archive,
            exporter: Exporter(
                archive: archive, home: IceboxHome(directory: home.url), version: "test", logger: logger),
            logger: logger, pageSize: 20)
        _ = await session.execute("open #\(secret)")
        let thread = await session.execute("thread")
        #expect(thread.failure == nil)
        let lines = thread.output.split(separator: "\n", omittingEmptySubsequences: false)
        let at = try #require(lines.firstIndex { $0.contains("[\(secret)] ") }, "\(thread.output)")
        #expect(lines[at].contains("[redacted]"), "\(lines[at])")
        #expect(lines[at + 1].contains("[redacted: its text and media were removed"), "\(lines[at + 1])")
        #expect(!thread.output.contains("SECRETWORDS"))
    }
}
