import ArchiveCore
import Foundation
import IceboxTestSupport
import Models
import SearchQuery
import Testing

@testable import HistoryImport

/// An `Announce` of Mastodon's export is a boost of the uri it names: once the post it boosts is
/// archived (in the same export, or later by a sync or `--resolve`), a status of its own, as a sync
/// would have archived it.
@Suite("Boosts from an export's Announces")
struct ImportedBoostTests {
    static let ownBoost = ImportFixture.statusBase + "111000000000000011/activity"
    static let otherBoost = ImportFixture.statusBase + "111000000000000007/activity"
    static let bobsPost = "https://other.example/users/bob/statuses/999"

    @Test func anAnnounceOfAPostInTheExportIsABoostOfIt() async throws {
        let fixture = try ImportFixture()
        let report = try await fixture.run(ImportFixture.exportFolder)
        #expect(report.boosts == 1)
        let number = try #require(try await fixture.archive.findStatus(Self.ownBoost))
        let raw = try #require(try await fixture.archive.rawJSON(uri: Self.ownBoost))
        let boost = try #require(try JSONSerialization.jsonObject(with: raw) as? [String: Any])
        #expect(boost["id"] as? String == "111000000000000011")
        #expect(boost["created_at"] as? String == "2024-03-09T08:00:00Z")
        #expect(boost["visibility"] as? String == "public")
        #expect((boost["account"] as? [String: Any])?["acct"] as? String == "alice")
        let boosted = ImportFixture.statusBase + "111000000000000005"
        #expect((boost["reblog"] as? [String: Any])?["uri"] as? String == boosted)
        // The boosted post as archived, byte for byte, inside the boost.
        let post = try #require(try await fixture.archive.rawJSON(uri: boosted))
        #expect(try RawJSON.value(forKey: "reblog", inObject: raw) == post)

        let found = try await fixture.archive.search(
            try SearchQuery(parsing: "is:boost"), sort: .newest, limit: 10, offset: 0)
        #expect(found.map(\.number) == [number])
        let postNumber = try #require(try await fixture.archive.findStatus(boosted))
        #expect(try await fixture.archive.boosts(of: postNumber).map(\.handle) == ["alice@social.example"])
        // The Announces of posts the archive does not hold stay references, and no row stands for them.
        #expect(try await fixture.archive.findStatus(Self.otherBoost) == nil)
        #expect(try await fixture.archive.references(kind: .boost).count == 3)

        // Imported again: nothing new, the same boost.
        let again = try await fixture.run(ImportFixture.exportFolder)
        #expect(again.boosts == 0)
        #expect(try await fixture.archive.allStatusURIs().count == 9)
        #expect(try await fixture.archive.rawJSON(uri: Self.ownBoost) == raw)
    }

    /// A boost of another server's post becomes a boost once the post is archived (a sync or
    /// `--resolve`), with the account as alice's newest post shows it.
    @Test func anAnnounceBecomesABoostOnceThePostItNamesIsArchived() async throws {
        let fixture = try ImportFixture()
        _ = try await fixture.run(ImportFixture.exportFolder)
        let bob = #"""
            {"id":"999","uri":"https://other.example/users/bob/statuses/999","url":"https://other.example/@bob/999",
             "created_at":"2024-02-20T10:00:00.000Z","account":{"id":"7","username":"bob","acct":"bob",
             "display_name":"Bob","url":"https://other.example/@bob","note":""},"content":"<p>Bob's post</p>",
             "visibility":"public","media_attachments":[],"mentions":[],"tags":[],"emojis":[]}
            """#
        _ = try await fixture.archive.store(
            [try ArchivableStatus(decoding: Data(bob.utf8), servedBy: "other.example")],
            server: "other.example")
        let source = ImportSource(format: "mastodon-export", file: "export.zip", server: "social.example")
        let stored = try await BoostRows.store(
            account: "alice@social.example", actorAccount: nil, source: source,
            into: fixture.archive)
        #expect(stored.new == 1)
        let raw = try #require(try await fixture.archive.rawJSON(uri: Self.otherBoost))
        let boost = try #require(try JSONSerialization.jsonObject(with: raw) as? [String: Any])
        #expect((boost["reblog"] as? [String: Any])?["uri"] as? String == Self.bobsPost)
        let newest = try #require(
            try await fixture.archive.posts(.author("alice@social.example"), limit: 1, offset: 0).first)
        let alice = try #require(try await fixture.archive.rawJSON(uri: newest.uri))
        #expect(
            try RawJSON.value(forKey: "account", inObject: raw) == RawJSON.value(forKey: "account", inObject: alice))
        let bobsNumber = try #require(try await fixture.archive.findStatus(Self.bobsPost))
        #expect(try await fixture.archive.boosts(of: bobsNumber).map(\.createdAt) == ["2024-03-06T09:00:00.000Z"])
        #expect(
            try await BoostRows.store(
                account: "alice@social.example", actorAccount: nil, source: source,
                into: fixture.archive
            ).new == 0)
    }

    @Test(
        arguments: [
            ("https://social.example/users/alice/statuses/123/activity", "123"),
            ("https://social.example/users/alice/statuses/abc/activity", nil),
            ("https://social.example/users/alice/statuses/123", nil),
        ] as [(String, String?)])
    func aMastodonAnnounceIdGivesTheBoostsServerID(_ activity: String, _ id: String?) {
        #expect(BoostRows.serverID(of: activity) == id)
    }
}
