import Archive
import ArchiveCore
import Export
import Foundation
import IceboxTestSupport
import Importer
import Logging
import MastodonAPI
import MastodonTestServer
import REPL
import SearchQuery
import Testing
import Transport

/// Long lists paged with `more`/`prev`, `export` writing every match, and what the archive keeps of a
/// status (`versions`, `boosts`, `media`), on an archive synced (with media) from the test server.
@Suite(.serialized) struct PagingAndKeptTests {
    final class Fixture: Sendable {
        static let shared = Task { try await Fixture() }
        static let word = "zorblax"
        let server: TestServer
        let home: TemporaryDirectory
        let archive: ArchiveDatabase
        let ids: [String: String]

        init() async throws {
            var config = TestServerConfig()
            config.statusCount = 5
            config.homeShare = 1
            server = try await TestServer.start(config)
            for number in 1...526 {
                await server.addStatus(username: "alice", text: "\(Self.word) post \(number) of a long list")
            }
            let edited = try #require(await server.addStatus(username: "bob", text: "Before the edit"))
            #expect(await server.editStatus(id: edited, content: "<p>After the edit</p>"))
            #expect(await server.addBoost(of: edited, username: "carol") != nil)
            #expect(await server.addBoost(of: edited, username: "dave") != nil)
            let picture = try #require(
                await server.addStatus(
                    username: "alice", mediaPaths: ["/media/png/300x200/a.png"],
                    text: "A picture"))
            ids = ["edited": edited, "picture": picture]
            home = try TemporaryDirectory("icebox-repl-paging")
            let logger = Logger(label: "repl-test")
            let iceboxHome = IceboxHome(directory: home.url)
            archive = try ArchiveDatabase(path: iceboxHome.database, logger: logger)
            let credentials = CredentialStore(file: iceboxHome.credentials, logger: logger)
            let alice = try await AccountEnrollment(archive: archive, credentials: credentials, logger: logger)
                .add(server: try ServerAddress(server.baseURL.absoluteString), token: "test-token")
            let pinning = try TimelinePinning(specText: "home", account: nil, accounts: [alice])
            _ = try await archive.addTimeline(spec: pinning.spec, accountID: pinning.accountID, server: pinning.server)
            var options = SyncOptions()
            options.backfillPages = 1000
            options.downloadMedia = true
            _ = try await Synchronizer(
                archive: archive, credentials: credentials.load(), options: options, logger: logger
            )
            .runWithMedia()
        }

        func session() -> REPLSession {
            let logger = Logger(label: "repl-test")
            return REPLSession(
                archive: archive,
                exporter: Exporter(
                    archive: archive, home: IceboxHome(directory: home.url),
                    version: "test", logger: logger),
                logger: logger, pageSize: 20)
        }

        func number(_ name: String) async throws -> Int64 {
            let host = "\(server.baseURL.host ?? ""):\(server.baseURL.port ?? 0)"
            let id = try #require(ids[name])
            return try #require(try await archive.findStatus(server: host, localID: id))
        }
    }

    @Test func morePagesThroughEveryMatchAndThePromptSaysHowFar() async throws {
        let fixture = try await Fixture.shared.value
        var session = fixture.session()
        let first = await session.execute("search \(Fixture.word)")
        #expect(
            first.output.hasPrefix("526 matches for \(Fixture.word), 1 to 20 shown (more for the next 20)"),
            "\(first.output)")
        #expect(session.prompt == "icebox search:\(Fixture.word) (20 of 526)> ")
        var seen = session.numbered
        for page in 2...27 {
            let reply = await session.execute(page % 2 == 0 ? "more" : "next")
            #expect(reply.failure == nil, "\(reply.failure ?? "")")
            #expect(reply.output.contains("\n\((page - 1) * 20 + 1). "), "numbering goes on from the page before")
            seen += session.numbered
        }
        #expect(session.prompt == "icebox search:\(Fixture.word) (526 of 526)> ")
        #expect(await session.execute("more").failure == "more: that was the last page (526 in all)")
        let all = try await fixture.archive.search(try SearchQuery(parsing: Fixture.word), limit: 1000).map(\.number)
        #expect(seen == all, "every match once, in the search's order")

        #expect(await session.execute("prev").failure == nil)
        #expect(session.prompt == "icebox search:\(Fixture.word) (520 of 526)> ")
        #expect(await session.execute("open 3").failure == "open 3: the list on screen is numbered 501 to 520")
        let opened = await session.execute("open 505")
        #expect(opened.failure == nil && session.prompt.hasSuffix("› status \(all[504])> "), "\(session.prompt)")
        #expect(await session.execute("back").failure == nil)
        #expect(session.prompt == "icebox search:\(Fixture.word) (520 of 526)> ", "back shows the page left")
    }

    @Test func exportAfterASearchWritesEveryMatch() async throws {
        let fixture = try await Fixture.shared.value
        var session = fixture.session()
        _ = await session.execute("search \(Fixture.word)")
        let out = try TemporaryDirectory("icebox-repl-export")
        let tarball = out.url.appending(path: "all.tar.gz")
        let reply = await session.execute("export \(tarball.path)")
        #expect(reply.failure == nil && reply.note?.contains("Exported 526 statuses") == true, "\(reply)")
        let json = try await Tarball.threadJSON(tarball)
        #expect((json["statuses"] as? [Any])?.count == 526, "not only the 20 on screen")
    }

    @Test func versionsBoostsAndMediaOfTheStatusOnScreen() async throws {
        let fixture = try await Fixture.shared.value
        var session = fixture.session()
        #expect(await session.execute("versions").failure == "versions: no status on screen; open one first")
        _ = await session.execute("open #\(try await fixture.number("edited"))")
        let versions = await session.execute("versions")
        #expect(
            versions.output.contains("1 earlier version") && versions.output.contains("   Before the edit"),
            "\(versions)")
        #expect(!versions.output.contains("After the edit"), "only the earlier versions")
        let boosts = await session.execute("boosts")
        #expect(
            boosts.output.contains("boosted 2 times") && boosts.output.contains("@carol@icebox.test")
                && boosts.output.contains("@dave@icebox.test"), "\(boosts)")
        #expect(await session.execute("media").note?.contains("has no media") == true)

        _ = await session.execute("open #\(try await fixture.number("picture"))")
        #expect(await session.execute("versions").note?.contains("no earlier version") == true)
        #expect(await session.execute("boosts").note?.contains("No boost") == true)
        let media = await session.execute("media")
        let path = try #require(media.output.firstMatch(of: #/1\. image: (\S+)/#).map { String($0.1) }, "\(media)")
        #expect(
            path.hasPrefix(fixture.home.url.appending(path: "media").path), "in the archive's media folder: \(path)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "the picture itself")
    }
}
