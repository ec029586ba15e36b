import ArchiveCore
import Foundation
import IceboxTestSupport
import Logging
import MastodonTestServer
import Models
import Testing

@testable import HistoryImport

/// JSON Lines and mastodon-archive files, built from what the test server serves.
@Suite("Import of JSON Lines and mastodon-archive files")
struct OtherFormatsTests {
    @Test func jsonLinesKeepsABadLineByItsNumberAndImportsTheOthers() async throws {
        try await withTestServer { server in
            let served = try await ServedTimeline.statuses(baseURL: server.baseURL, path: "/api/v1/timelines/public")
            let plain = served.filter { $0.object["reblog"] is NSNull || $0.object["reblog"] == nil }.prefix(3)
            #expect(plain.count == 3)
            var lines = plain.map { String(decoding: $0.raw, as: UTF8.self) }
            lines.insert(#"{"id":"1","uri":"https://#{"#, at: 1)  // cut short
            lines.insert("", at: 3)  // a blank line is no status
            lines.insert(#"{"id":"77","content":"no dates"}"#, at: 4)  // not a status
            let fixture = try ImportFixture()
            let file = fixture.folder.url.appending(path: "statuses.jsonl")
            try Data(lines.joined(separator: "\n").utf8).write(to: file)
            let host = server.baseURL.host.map { "\($0):\(server.baseURL.port ?? 80)" } ?? ""
            let report = try await JSONLinesImport(file: file, server: host).run(into: fixture.archive)
            #expect(report.read == 5 && report.stored.new == 3 && report.stored.unreadable == 2)
            #expect(try await fixture.archive.allStatusURIs() == plain.map(\.uri).sorted())
            for status in plain { #expect(try await fixture.archive.rawJSON(uri: status.uri) == status.raw) }
            let kept = try await fixture.archive.unreadableStatuses()
            #expect(kept.map { $0.error.prefix(7) }.sorted() == ["line 2:", "line 5:"])
            #expect(kept.map(\.raw).contains(Data(#"{"id":"77","content":"no dates"}"#.utf8)))
        }
    }

    @Test func mastodonArchivesStatusesEqualTheSameStatusesSynced() async throws {
        try await withTestServer { server in
            let folder = try TemporaryDirectory("icebox-synced")
            let synced = try await AliceArchive.sync(from: server, into: folder.url, logger: Logger(label: "test"))
            let served = try await ServedTimeline.statuses(baseURL: server.baseURL, path: "/api/v1/timelines/public")
            #expect(served.count > 20)
            let fixture = try ImportFixture()
            let host = server.baseURL.host.map { "\($0):\(server.baseURL.port ?? 80)" } ?? ""
            let file = fixture.folder.url.appending(path: "\(host).user.alice.json")
            let account: [String: Any] = [
                "id": 1, "username": "alice", "acct": "alice",
                "url": server.baseURL.absoluteString + "/@alice",
            ]
            let favourites = Array(served.suffix(2).map(\.object))
            let document: [String: Any] = [
                "account": account, "statuses": served.map { MastodonPy.shape($0.object) },
                "favourites": favourites.map(MastodonPy.shape), "mentions": [Any](),
            ]
            try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted]).write(to: file)
            let report = try await MastodonArchiveImport(file: file).run(into: fixture.archive)
            #expect(report.account == "alice@\(host)")
            #expect(report.stored.unreadable == 0)
            let uris = try await fixture.archive.allStatusURIs()
            #expect(uris.count >= served.count)
            var compared = 0
            for uri in uris {
                guard let imported = try await fixture.archive.rawJSON(uri: uri),
                    let original = try await synced.rawJSON(uri: uri)
                else { continue }
                let a = try ArchivableStatus(decoding: imported, servedBy: host).status
                let b = try ArchivableStatus(decoding: original, servedBy: host).status
                #expect(a == b, "\(uri)")
                compared += 1
            }
            #expect(compared >= served.count - 5)
            #expect(
                try await fixture.archive.references(kind: .favourite).map(\.uri).sorted()
                    == favourites.compactMap { $0["uri"] as? String }.sorted())
        }
    }
}

/// What Mastodon.py (under mastodon-archive) makes of an API object: numeric ids as numbers, dates as
/// Python's `isoformat()` of an aware datetime (`…T09:00:00.123000+00:00`, midnight for a date).
enum MastodonPy {
    static func shape(_ value: Any) -> Any { shape(value, key: nil) }

    private static func shape(_ value: Any, key: String?) -> Any {
        switch value {
        case let object as [String: Any]:
            return object.reduce(into: [String: Any]()) { $0[$1.key] = shape($1.value, key: $1.key) }
        case let list as [Any]:
            return list.map { shape($0, key: key) }
        case let text as String where key == "id" || key?.hasSuffix("_id") == true:
            return Int64(text).map { $0 as Any } ?? text
        case let text as String where key?.hasSuffix("_at") == true:
            return isoformat(text)
        default:
            return value
        }
    }

    private static func isoformat(_ text: String) -> String {
        if text.count == 10 { return text + "T00:00:00+00:00" }
        guard let date = MastodonDate.parse(text) else { return text }
        let seconds = date.timeIntervalSince1970.rounded(.down)
        let micro = Int(((date.timeIntervalSince1970 - seconds) * 1_000_000).rounded())
        let whole = String(MastodonDate.format(Date(timeIntervalSince1970: seconds)).prefix(19))
        return micro == 0 ? whole + "+00:00" : whole + String(format: ".%06d", micro) + "+00:00"
    }
}
