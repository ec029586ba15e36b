import Foundation
import Models
import Testing

/// A page from another Icebox's `serve` (``MirrorExtension``): each status is kept as the archived bytes
/// it carries, with the serving Icebox's ids; one whose bytes are missing, no object or another post's
/// is refused with the reason and kept out, and the good ones beside it are kept.
struct MirroredStatusTests {
    /// An archived status (the original server's bytes, spaced as that server spaced them).
    static let archived = #"""
        {"id":"109", "uri":"https://a.example/statuses/109","created_at":"2026-01-01T00:00:00Z",
         "in_reply_to_id":"108","content":"<p>x</p>","visibility":"public",
         "account":{"id":"9","username":"u","acct":"u","avatar":""}}
        """#

    /// The mirror's element for `raw`: its own ids, and `member` as the mirror member.
    static func element(id: String, uri: String, member: String) -> String {
        #"{"id":"\#(id)","uri":"\#(uri)","created_at":"2026-01-01T00:00:00.000Z","in_reply_to_id":"1766","#
            + #""content":"<p>x</p>","visibility":"public","#
            + #""account":{"id":"u@a.example","username":"u","acct":"u@a.example","avatar":""},"#
            + #""icebox":\#(member)}"#
    }

    @Test func theArchivedBytesAreKeptWithTheMirrorsIDs() throws {
        let uri = "https://a.example/statuses/109"
        let good = Self.element(
            id: "1767225600000000000042", uri: uri,
            member: #"{"raw_server":"https://a.example","raw_json":\#(Self.archived)}"#)
        let missing = Self.element(id: "1767225600000000000043", uri: uri, member: #"{"raw_server":"x"}"#)
        let notObject = Self.element(
            id: "1767225600000000000044", uri: uri, member: #"{"raw_server":"x","raw_json":[1]}"#)
        let otherPost = Self.element(
            id: "1767225600000000000045", uri: "https://a.example/statuses/110",
            member: #"{"raw_server":"https://a.example","raw_json":\#(Self.archived)}"#)
        let page = try ArchivableStatus.decodePage(
            Data("[\(missing),\(good),\(notObject),\(otherPost)]".utf8), servedBy: "127.0.0.1:8080")

        let kept = try #require(page.items.first)
        #expect(page.items.count == 1 && page.served == 4)
        #expect(kept.raw == Data(Self.archived.utf8), "the archived bytes, byte for byte")
        #expect(kept.status.uri == uri)
        #expect(kept.status.id == "1767225600000000000042", "the mirror's id, for its status_ids and cursors")
        #expect(kept.status.inReplyToID == "1766")
        #expect(page.firstID == "1767225600000000000043" && page.lastID == "1767225600000000000045")
        let reasons = page.unreadable.map(\.reason)
        #expect(
            page.unreadable.map(\.id) == ["1767225600000000000043", "1767225600000000000044", "1767225600000000000045"])
        #expect(reasons[0].contains("no archived raw JSON"), "\(reasons)")
        #expect(reasons[1].contains("no object"), "\(reasons)")
        #expect(reasons[2].contains("https://a.example/statuses/110") && reasons[2].contains("/109"), "\(reasons)")
    }
}
