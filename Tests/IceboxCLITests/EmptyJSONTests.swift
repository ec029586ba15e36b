import Display
import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// An empty answer is `[]`, as every other JSON tool prints it, not Foundation-on-Linux's `[`, a blank
/// line and `]` (issue 42, the new-user pass's old #17).
@Suite struct EmptyJSONTests {
    struct Holder: Encodable {
        var items: [Int] = []
        var nested: [String: [String]] = ["none": []]
        var text = "[\u{20}\u{20}]"
    }

    @Test func emptyArraysAndObjectsCloseOnTheirLine() throws {
        let json = String(decoding: try JSONOutput.pretty(Holder()), as: UTF8.self)
        #expect(json.contains("\"items\" : []"), "\(json)")
        #expect(json.contains("\"none\" : []"), "\(json)")
        #expect(json.contains("\"text\" : \"[  ]\""), "a string is left as it is: \(json)")
        #expect(!json.contains("\n\n"), "\(json)")
        #expect(String(decoding: try JSONOutput.pretty([Int]()), as: UTF8.self) == "[]")
        #expect(String(decoding: try JSONOutput.pretty([String: Int]()), as: UTF8.self) == "{}")
        let decoded = try JSONSerialization.jsonObject(with: try JSONOutput.pretty(Holder())) as? [String: Any]
        #expect((decoded?["items"] as? [Int])?.isEmpty == true)
    }

    @Test func aSearchWithNoMatchesPrintsAnEmptyArray() async throws {
        let server = try await TestServer.startHome(statuses: 5)
        defer { Task { await server.stop() } }
        let cli = try await CLI.syncingHome(of: server, "--no-media")
        let result = try await cli.run("search", "--json", "zzzzqqq")
        #expect(result.status == 1)
        #expect(result.stdout == "[]\n", "\(result.stdout.debugDescription)")
    }
}
