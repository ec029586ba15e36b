import ArchiveCore
import Export
import Foundation
import IceboxTestSupport
import Importer
import Logging
import MastodonTestServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `--fetch`: a thread completed from the server's context, deleted statuses kept and marked gone.
@Suite(.serialized) struct ThreadFetchTests {
    @Test func fetchCompletesTheThreadAndMarksDeletedRepliesGone() async throws {
        // Only the root reaches the archive through the local timeline (public feeds leave replies out).
        let fixture = try await ThreadFixture.make(home: false)
        defer { Task { await fixture.stop() } }
        let root = try await fixture.number("root")
        #expect(try await fixture.archive.thread(around: root).nodes.count == 1)
        let credentials = try CredentialStore(file: fixture.iceboxHome.credentials, logger: Logger(label: "t")).load()
        let fetcher = ThreadFetcher(
            archive: fixture.archive, credentials: credentials, timeout: 10, logger: Logger(label: "t"))

        let first = try await fetcher.complete(around: root)
        #expect(first.fetched == 3 && first.new == 3 && first.gone == 0)
        let tree = try await fixture.archive.thread(around: root)
        #expect(tree.nodes.map(\.depth) == [0, 1, 2, 1], "root, bob, carol, dave")

        // Dave deletes his reply; Erin answers Bob. The next fetch adds Erin and keeps Dave, gone.
        #expect(await fixture.server.deleteStatus(id: try #require(fixture.ids["dave"])))
        let erin = try #require(
            await fixture.server.addStatus(username: "erin", text: "Late reply", inReplyTo: fixture.ids["bob"]))
        let second = try await fetcher.complete(around: root)
        #expect(second.new == 1 && second.gone == 1)
        let dave = try await fixture.number("dave")
        #expect(try await fixture.archive.status(number: dave).goneAt != nil)
        #expect(try await fixture.archive.thread(around: root).nodes.count == 5, "Dave's reply is still in the archive")

        let out = try TemporaryDirectory("icebox-export-out")
        let tarball = out.url.appending(path: "t.tar.gz")
        let summary = try await fixture.exporter.exportThread(around: root, to: .file(tarball))
        #expect(summary.statuses == 5 && summary.gone == 1)
        let unpacked = try await Tools.untar(tarball)
        let folder = try #require(try FileManager.default.contentsOfDirectory(atPath: unpacked.path).first)
        let json = try JSONSerialization.jsonObject(
            with: Data(contentsOf: unpacked.url.appending(path: "\(folder)/thread.json")))
        let thread = try #require((json as? [String: Any])?["thread"] as? [String: Any])
        let replies = try #require(thread["replies"] as? [[String: Any]])
        let goneIDs = replies.filter { !($0["gone_at"] is NSNull) }.compactMap {
            ($0["status"] as? [String: Any])?["id"] as? String
        }
        #expect(goneIDs == [fixture.ids["dave"]])
        let bobReplies = try #require(replies.first?["replies"] as? [[String: Any]])
        #expect(
            bobReplies.compactMap { ($0["status"] as? [String: Any])?["id"] as? String } == [
                fixture.ids["carol"], erin,
            ])
        let html = try String(contentsOf: unpacked.url.appending(path: "\(folder)/index.html"), encoding: .utf8)
        #expect(html.matches(of: #/<article [^>]*class="[^"]* gone"/#).count == 1, "one status is marked gone")
    }

    @Test func aDeletedStatusAskedAboutIsMarkedGone() async throws {
        let fixture = try await ThreadFixture.make()
        defer { Task { await fixture.stop() } }
        let carol = try await fixture.number("carol")
        #expect(await fixture.server.deleteStatus(id: try #require(fixture.ids["carol"])))
        let credentials = try CredentialStore(file: fixture.iceboxHome.credentials, logger: Logger(label: "t")).load()
        let report = try await ThreadFetcher(
            archive: fixture.archive, credentials: credentials, timeout: 10,
            logger: Logger(label: "t")
        ).complete(around: carol)
        #expect(report.gone == 1 && report.fetched == 0)
        #expect(try await fixture.archive.status(number: carol).goneAt != nil)
        #expect(try await fixture.archive.status(number: try await fixture.number("bob")).goneAt == nil)
    }

    @Test func checkingStopsBeforeTheUsersRateReserve() async throws {
        let fixture = try await ThreadFixture.make()
        defer { Task { await fixture.stop() } }
        // Bob's and Dave's replies are deleted: the root's context now holds none of the replies, so
        // bob, carol (under bob) and dave are asked for one by one, in thread order.
        for name in ["bob", "dave"] { #expect(await fixture.server.deleteStatus(id: try #require(fixture.ids[name]))) }
        // 103 a window, 50 of them spent by the user's other apps: after the context and two checks
        // only the reserve of 50 is left. (With a limit under 100 the budget keeps half of it instead:
        // the one rule every request of a token follows.)
        await fixture.server.setRateLimit(RateLimit(limit: 103, window: 300))
        for _ in 0..<50 {
            var request = URLRequest(url: fixture.server.baseURL.appending(path: "api/v1/accounts/verify_credentials"))
            request.setValue("Bearer test-token", forHTTPHeaderField: "Authorization")
            _ = try await URLSession.shared.data(for: request)
        }
        await fixture.server.clearRequestLog()
        let credentials = try CredentialStore(file: fixture.iceboxHome.credentials, logger: Logger(label: "t")).load()
        let report = try await ThreadFetcher(
            archive: fixture.archive, credentials: credentials, timeout: 10,
            logger: Logger(label: "t")
        ).complete(around: try await fixture.number("root"))
        #expect(report.gone == 1, "bob is found gone; carol's answer leaves the reserve, so dave is not asked")
        #expect(try await fixture.archive.status(number: try await fixture.number("bob")).goneAt != nil)
        #expect(try await fixture.archive.status(number: try await fixture.number("dave")).goneAt == nil)
        let paths = await fixture.server.requestLog().map(\.path)
        let dave = try #require(fixture.ids["dave"])
        #expect(paths.count == 3 && !paths.contains { $0.hasSuffix(dave) }, "\(paths)")
    }

    @Test func aContextSentAsABareArrayIsReadAsTheThread() async throws {
        var quirks = Quirks()
        quirks.contextAsBareArray = true
        let fixture = try await ThreadFixture.make(home: false, quirks: quirks)
        defer { Task { await fixture.stop() } }
        let root = try await fixture.number("root")
        let credentials = try CredentialStore(file: fixture.iceboxHome.credentials, logger: Logger(label: "t")).load()
        let report = try await ThreadFetcher(
            archive: fixture.archive, credentials: credentials, timeout: 10,
            logger: Logger(label: "t")
        ).complete(around: root)
        #expect(report.new == 3 && report.unreadable == 0)
        #expect(try await fixture.archive.thread(around: root).nodes.map(\.depth) == [0, 1, 2, 1])
    }

    @Test func aContextThatIsNoThreadIsAProtocolErrorNamingTheServer() async throws {
        var quirks = Quirks()
        quirks.contextWithoutThread = true
        let fixture = try await ThreadFixture.make(home: false, quirks: quirks)
        defer { Task { await fixture.stop() } }
        let root = try await fixture.number("root")
        let credentials = try CredentialStore(file: fixture.iceboxHome.credentials, logger: Logger(label: "t")).load()
        do {
            _ = try await ThreadFetcher(
                archive: fixture.archive, credentials: credentials, timeout: 10,
                logger: Logger(label: "t")
            ).complete(around: root)
            Issue.record("expected the fetch to fail")
        } catch {
            guard case .malformed(let server, _, let reason)? = error.apiError else {
                Issue.record("not a protocol error: \(error)")
                return
            }
            #expect(server == fixture.server.baseURL.host().map { "\($0):\(fixture.server.baseURL.port ?? 0)" })
            #expect(reason.contains("neither"))
        }
        #expect(try await fixture.archive.thread(around: root).nodes.count == 1, "the archived thread is untouched")
    }
}
