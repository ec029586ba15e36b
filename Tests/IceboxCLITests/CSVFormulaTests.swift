import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// A spreadsheet opening `search --csv` never runs what a post's author wrote: a field that begins like a
/// formula (`=`, `+`, `-`, `@`, tab, carriage return) is written as text, a quote in front.
@Suite(.serialized) struct CSVFormulaTests {
    static let starts = ["=", "+", "-", "@", "\t", "\r"]

    @Test func everyFieldThatBeginsLikeAFormulaIsText() async throws {
        let server = try await TestServer.startHome(statuses: 3)
        defer { Task { await server.stop() } }
        #expect(await server.setDisplayName("@SUM(1+1)*cmd|' /C calc'!A0", username: "alice"))
        for start in Self.starts {
            let added = await server.addStatus(
                username: "alice", text: "\(start)HYPERLINK(\"http://127.0.0.1/x\",\"kite\")",
                spoilerText: "\(start)cmd|' /C calc'!A0", pollOptions: ["\(start)1+1 kite", "no"])
            #expect(added != nil)
        }
        let cli = try await CLI.syncingHome(of: server, "--no-media")

        let csv = try await cli.run("search", "--csv", "--limit", "100", "kite")
        #expect(csv.status == 0, "\(csv.stderr)")
        let rows = Self.parse(csv.stdout)
        let header = try #require(rows.first)
        let records = rows.dropFirst().filter { $0.count == header.count }
        #expect(records.count == Self.starts.count, "\(csv.stdout)")
        for record in records {
            for (name, cell) in zip(header, record) where name != "rank" {
                #expect(
                    !(cell.first.map { Self.starts.contains(String($0)) } ?? false), "\(name): \(cell.debugDescription)"
                )
            }
            let fields = Dictionary(uniqueKeysWithValues: zip(header, record))
            #expect(fields["author_name"] == "'@SUM(1+1)*cmd|' /C calc'!A0")
            #expect(fields["spoiler_text"]?.contains("cmd|") == true && fields["text"]?.contains("HYPERLINK(") == true)
        }
        // Tab and CR may be dropped first (a terminal-safe field has no CR; HTML text has no leading space).
        for name in ["spoiler_text", "text"] {
            let column = try #require(header.firstIndex(of: name))
            #expect(records.filter { $0[column].hasPrefix("'") }.count >= 4, "\(name): \(csv.stdout)")
        }
        #expect(!csv.stdout.contains("\n=") && !csv.stdout.contains(",=") && !csv.stdout.contains(",@"))
    }

    /// RFC 4180 fields, as a spreadsheet reads them (quotes removed, `""` unescaped).
    static func parse(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var wasQuote = false
        for character in text {
            if quoted {
                if character == "\"" {
                    quoted = false
                    wasQuote = true
                } else {
                    field.append(character)
                }
                continue
            }
            switch character {
            case "\"":
                if wasQuote { field.append("\"") }
                quoted = true
            case ",":
                row.append(field)
                field = ""
            case "\n":
                row.append(field)
                rows.append(row)
                row = []
                field = ""
            default: field.append(character)
            }
            wasQuote = false
        }
        return rows
    }
}
