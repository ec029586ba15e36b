import Foundation
import GRDB
import HistoryImport
import IceboxTestSupport
import Testing

/// The authors' profiles an import keeps: each author's latest copy in the file.
@Suite("Authors of imported statuses")
struct ImportAuthorTests {
    private static func line(_ id: Int, author: String, name: String) -> String {
        #"{"id":"\#(id)","uri":"https://social.example/users/\#(author)/statuses/\#(id)","created_at":"2024-03-0\#(id)T09:00:00.000Z","#
            + #""account":{"id":"\#(author)","username":"\#(author)","acct":"\#(author)","display_name":"\#(name)","#
            + #""url":"https://social.example/@\#(author)"},"content":"<p>post \#(id)</p>","visibility":"public"}"#
    }

    @Test func eachAuthorIsKeptAsTheLastStatusOfTheFileShowsThem() async throws {
        let fixture = try ImportFixture()
        let file = fixture.folder.url.appending(path: "statuses.jsonl")
        let lines = [
            Self.line(1, author: "ann", name: "Ann One"), Self.line(2, author: "bob", name: "Bob"),
            Self.line(3, author: "ann", name: "Ann Three"), Self.line(4, author: "cy", name: "Cy"),
        ]
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
        var importer = JSONLinesImport(file: file, server: "social.example")
        importer.batchSize = 3
        let report = try await importer.run(into: fixture.archive)
        #expect(report.stored.new == 4)
        let queue = try DatabaseQueue(path: fixture.folder.url.appending(path: "archive.sqlite").path)
        let names = try await queue.read { db in
            try Row.fetchAll(db, sql: "SELECT handle, display_name FROM authors ORDER BY handle")
                .map { "\($0["handle"] as String) \($0["display_name"] as String)" }
        }
        #expect(names == ["ann@social.example Ann Three", "bob@social.example Bob", "cy@social.example Cy"])
    }
}
