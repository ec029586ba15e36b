import ArchiveCore
import Foundation
import GRDB
import IceboxTestSupport
import Importer
import Logging
import MastodonAPI
import MastodonTestServer
import Models
import SearchQuery
import Testing
import Transport

/// One odd or broken post never stops an archive: what cannot be read is kept as served, its page
/// and the pages after it are archived, and a later Icebox archives it from the kept bytes.
@Suite struct IngestionTests {
    /// A real Mastodon status (mastodon.social, recorded by Mastodon.py) as the shape of every status served.
    static func template() throws -> [String: Any] {
        let data = try Data(contentsOf: Repository.fixtures.appending(path: "status_with_card.mastodon-social.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// 85 statuses on `tag:fixtures` (pages of 40, 40, 5), each with its own word; some odd in the ways
    /// real servers are, three of them broken beyond reading.
    static func servedFolder() throws -> (TemporaryDirectory, broken: [String: Data]) {
        let folder = try TemporaryDirectory()
        let template = try template()
        var broken: [String: Data] = [:]
        for index in 0..<85 {
            var status = template
            let id = String(1_000_000 + index)
            status["id"] = id
            status["uri"] = "https://mastodon.social/users/odd/statuses/\(id)"
            status["url"] = "https://mastodon.social/@odd/\(id)"
            status["created_at"] = MastodonDate.format(
                Date(timeIntervalSince1970: 1_770_000_000 + Double(index) * 3600))
            status["content"] = "<p>ingestword\(index) and more</p>"
            status["edited_at"] = NSNull()
            switch index {
            case 10:  // Mastodon 1.x: a mention's id as a number
                status["mentions"] = [
                    ["id": 42, "username": "bob", "url": "https://b.example/@bob", "acct": "bob@b.example"]
                ]
            case 20:  // a fork that sends no uri: keyed by its url
                status.removeValue(forKey: "uri")
            case 30:  // neither uri nor url: keyed by the server and its id
                status.removeValue(forKey: "uri")
                status["url"] = NSNull()
            case 40:  // a word glued to an emoji newer than SQLite's Unicode tables
                status["content"] = "<p>ingestword40 eingeschlafen🤔</p>"
            case 5:  // broken: a date no parser reads (on the last, short page)
                status["created_at"] = "last Tuesday"
            case 80:  // broken: no author, and among the newest, so every catch-up's overlap reads it again
                status.removeValue(forKey: "account")
            case 60:  // broken: no author
                status.removeValue(forKey: "account")
            default: break
            }
            let data = try JSONSerialization.data(withJSONObject: status, options: [.sortedKeys])
            if [5, 60, 80].contains(index) { broken[id] = data }
            try data.write(to: folder.url.appending(path: String(format: "odd-%03d.json", index)))
        }
        return (folder, broken)
    }

    @Test func brokenStatusesAreKeptAsServedAndEveryOtherOneIsArchived() async throws {
        let (folder, broken) = try Self.servedFolder()
        let fixture = try await SyncFixture.start(statuses: 5) { $0.fixturesDirectory = folder.url }
        defer { Task { await fixture.server.stop() } }
        let timeline = try await fixture.pin("tag:fixtures@\(fixture.server.baseURL.absoluteString)", account: nil)
        let reports = try await fixture.sync()
        let report = try #require(reports.first)
        #expect(report.outcome == .ok, "\(String(describing: report.error))")
        #expect(report.new == 82)
        #expect(report.unreadable == 3)
        #expect(report.backfillComplete, "the backfill went past the broken statuses to the end")
        #expect(try await fixture.archive.timeline(id: timeline.id).backfillComplete)
        #expect(try await fixture.archive.stats().unreadable == 3)

        let kept = try await fixture.archive.unreadableStatuses()
        #expect(
            Dictionary(uniqueKeysWithValues: kept.map { ($0.localID ?? "", $0.raw) }) == broken, "kept byte for byte")
        #expect(kept.allSatisfy { $0.timelineID == timeline.id && !$0.error.isEmpty })
        #expect(
            Set(kept.map { $0.pageCursor.isEmpty ? "newest" : String($0.pageCursor.prefix(7)) }) == [
                "newest", "max_id=",
            ],
            "each with the page it came on")
        #expect(kept.contains { $0.error.contains("created_at") } && kept.contains { $0.error.contains("account") })

        // The odd but readable ones are archived, found by their words, under the documented keys.
        let database = try DatabaseQueue(path: fixture.archive.path.path)
        let keys = try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT uri, uri_kind FROM statuses WHERE uri_kind IS NOT NULL ORDER BY uri")
                .map { "\($0["uri"] as String) \($0["uri_kind"] as String)" }
        }
        #expect(
            keys == [
                "https://mastodon.social/@odd/1000020 url",
                "urn:icebox:status:\(fixture.address.host):1000030 server-id",
            ])
        // The template's real author has indexable: false: everyone is counted here (consent has its own tests).
        for word in ["ingestword10", "ingestword20", "ingestword30", "eingeschlafen", "ingestword84", "ingestword0"] {
            #expect(try await fixture.archive.count(try SearchQuery(parsing: word), consent: .off) == 1, "\(word)")
        }

        // The next run reads nothing older again, and keeps nothing twice.
        await fixture.server.clearRequestLog()
        let second = try await fixture.sync()
        #expect(second.first?.new == 0 && second.first?.unreadable == 0, "seen again, not kept again")
        let requests = await fixture.server.requestLog().filter { $0.path.hasSuffix("/tag/fixtures") }
        #expect(!requests.isEmpty && requests.allSatisfy { $0.value("max_id") == nil }, "\(requests.map(\.query))")
        #expect(try await fixture.archive.unreadableStatuses().count == 3)
    }

    @Test func aKeptStatusIsArchivedFromItsBytesWithoutAskingTheServer() async throws {
        let fixture = try await SyncFixture.start(statuses: 5)
        defer { Task { await fixture.server.stop() } }
        // As an older Icebox left it: a Mastodon 1.x status with a numeric mention id, which it could not read.
        let raw = try Data(
            contentsOf: Repository.fixtures.appending(
                path: "status_numeric_ids_no_emojis_tag_uri.mastodon-1.x-mstdn.jp-mastodon4j.json"))
        let id = try #require(ArchivableStatus.peekID(raw))
        let older = UnreadableStatus(raw: raw, id: id, reason: "mentions[0].id: expected String")
        let stillBroken = UnreadableStatus(
            raw: Data(#"{"id":"5","content":"x"}"#.utf8), id: "5", reason: "account: missing")
        _ = try await fixture.archive.store(
            [], unreadable: [older, stillBroken],
            origin: PageOrigin(server: "mstdn.jp", readerVersion: "0.0.9"), cursor: nil)
        await fixture.server.clearRequestLog()
        let run = try await Synchronizer(
            archive: fixture.archive, credentials: fixture.credentials.load(),
            options: SyncOptions(), logger: Logger(label: "t")
        ).runWithMedia()
        #expect(run.recovered == RecoveryReport(archived: 1, stillUnreadable: 1))
        #expect(await fixture.server.requestLog().isEmpty, "nothing pinned: read from the kept bytes alone")
        let uri = try #require((try JSONSerialization.jsonObject(with: raw) as? [String: Any])?["uri"] as? String)
        #expect(try await fixture.archive.rawJSON(uri: uri) == raw)
        let kept = try await fixture.archive.unreadableStatuses()
        #expect(kept.count == 2, "nothing kept is dropped")
        #expect(kept.first { $0.localID == id }?.archivedAt != nil)
        #expect(kept.first { $0.localID == "5" }?.readerVersion == IceboxVersion.string)
        // The same Icebox does not try again by itself, but does when asked.
        let again = try await UnreadableRecovery(archive: fixture.archive, logger: Logger(label: "t")).run()
        #expect(again == RecoveryReport())
        let asked = try await UnreadableRecovery(archive: fixture.archive, logger: Logger(label: "t")).run(all: true)
        #expect(asked == RecoveryReport(archived: 0, stillUnreadable: 1))
    }

    @Test func notificationsOfTypesNotAskedForAreSkippedNotDecoded() async throws {
        let fixture = try await SyncFixture.start(statuses: 300) { $0.quirks.ignoresNotificationTypes = true }
        defer { Task { await fixture.server.stop() } }
        _ = try await fixture.addAlice()
        _ = try await fixture.pin("mentions", account: nil)
        let report = try #require(try await fixture.sync().first)
        #expect(report.outcome == .ok, "\(String(describing: report.error))")
        #expect(report.unreadable == 0, "favourites' statuses were not wanted, so not kept either")
        let mentions = try await ServedTimeline.archiveKeys(
            baseURL: fixture.server.baseURL, path: "/api/v1/notifications?types[]=mention", token: "test-token",
            statusKey: "status", onlyType: "mention")
        #expect(!mentions.isEmpty)
        #expect(Set(try await fixture.archive.allStatusURIs()) == mentions)
    }

    @Test func editsNeverSeenLiveAreAllKeptAfterOneSync() async throws {
        let fixture = try await SyncFixture.start(statuses: 40) { $0.homeShare = 1 }
        defer { Task { await fixture.server.stop() } }
        _ = try await fixture.addAlice()
        _ = try await fixture.pin("local", account: nil)
        let id = try #require(await fixture.server.timelineIDs(.local).first)
        #expect(await fixture.server.editStatus(id: id, content: "first edit"))
        #expect(await fixture.server.editStatus(id: id, content: "second edit"))
        let report = try #require(try await fixture.sync().first)
        #expect(report.editHistories == 1)
        let number = try #require(try await fixture.archive.findStatus(server: fixture.address.host, localID: id))
        let versions = try await fixture.archive.editHistory(of: number).map {
            (try JSONSerialization.jsonObject(with: $0) as? [String: Any])?["content"] as? String ?? ""
        }
        #expect(versions.count == 3, "the original and both edits, as the server's history serves them")
        #expect(versions.suffix(2) == ["<p>first edit</p>", "<p>second edit</p>"])
        #expect(try await fixture.archive.status(number: number).editHistory.count == 3, "what show and export read")
        // Seen again unchanged: the history is not asked for again.
        await fixture.server.clearRequestLog()
        _ = try await fixture.sync()
        #expect(await fixture.server.requestLog().filter { $0.path.hasSuffix("/history") }.isEmpty)
    }

    @Test func aServerWithoutEditHistoryIsAskedOncePerRun() async throws {
        let fixture = try await SyncFixture.start(statuses: 40) {
            $0.homeShare = 1
            $0.quirks.noEditHistory = true
        }
        defer { Task { await fixture.server.stop() } }
        _ = try await fixture.addAlice()
        _ = try await fixture.pin("local", account: nil)
        for id in await fixture.server.timelineIDs(.local).prefix(3) {
            #expect(await fixture.server.editStatus(id: id, content: "edited"))
        }
        let report = try #require(try await fixture.sync().first)
        #expect(report.outcome == .ok && report.warnings.isEmpty)
        #expect(await fixture.server.requestLog().filter { $0.path.hasSuffix("/history") }.count == 1)
    }
}
