import ArchiveCore
import Foundation
import IceboxTestSupport
import Importer
import Logging
import MastodonTestServer
import Testing

/// Who favourited and boosted the account's own posts, as its own server says (issue 44, opt-in with
/// `icebox config reactions on`), the same on both stores: a sync asks only about the account's own
/// posts whose counts changed since it last asked, a second sync with the same counts asks nothing, and
/// the accounts the server names are listed beside the notifications', each once; another account's
/// server speaks for its own account's posts alone.
@Suite(.serialized) struct ReactionConformanceTests {
    /// The statuses of the requests to `favourited_by` and `reblogged_by` the server heard, by path.
    private static func asked(_ server: TestServer) async -> [String] {
        await server.requestLog().map(\.path).filter {
            $0.hasSuffix("/favourited_by") || $0.hasSuffix("/reblogged_by")
        }
    }

    private static func accts(_ boosts: [ArchivedBoost]) -> [String] { boosts.map(\.handle) }

    @Test(arguments: StoreKind.allCases)
    func onlyOwnPostsWhoseCountsChangedAreAskedAndListedOnce(_ kind: StoreKind) async throws {
        try await withTestServer({
            $0.statusCount = 20
            $0.fixturesDirectory = nil
            $0.homeShare = 1
        }) { server in
            try await TestStore.with(kind, "reactions") { test in
                let store = test.store
                let own = try #require(await server.addStatus(username: "alice", text: "kites over the bay"))
                let quiet = try #require(await server.addStatus(username: "alice", text: "nobody liked this"))
                let carols = try #require(await server.addStatus(username: "carol", text: "carol's own post"))
                for who in ["bob", "carol"] { #expect(await server.addFavourite(of: own, username: who)) }
                #expect(await server.addBoost(of: own, username: "dave") != nil)
                #expect(await server.addFavourite(of: carols, username: "erin"))

                // Off by default: nothing asked.
                var run = try await StoreConformanceTests.syncAlice(server, into: test)
                #expect(run.reactions.isEmpty)
                #expect(await Self.asked(server).isEmpty)
                let number = try #require(try await store.findStatus("https://icebox.test/users/alice/statuses/\(own)"))
                #expect(try await store.reactions(to: number, type: "favourite").isEmpty)

                // On, with alice's notifications pinned: bob's favourite is told by both, listed once.
                let alice = try #require(try await store.accounts().first)
                let pinning = try TimelinePinning(specText: "notifications", account: nil, accounts: [alice])
                _ = try await store.addTimeline(
                    spec: pinning.spec, accountID: pinning.accountID, server: pinning.server)
                #expect(
                    await server.addNotification(to: "alice", type: "favourite", from: "bob", statusID: own) != nil)
                try await store.setAsksReactions(true)
                await server.clearRequestLog()
                run = try await StoreConformanceTests.syncAlice(server, into: test)
                #expect(run.reactions.count == 1 && (run.reactions.first?.posts ?? 0) >= 1, "\(run.reactions)")
                #expect(run.reactions.first?.error == nil)
                // Only alice's own posts whose counts moved (the corpus has some of hers too): never one
                // nobody reacted to, never carol's.
                let asked = await Self.asked(server)
                #expect(asked.contains("/api/v1/statuses/\(own)/favourited_by"))
                #expect(asked.contains("/api/v1/statuses/\(own)/reblogged_by"))
                #expect(!asked.contains { $0.contains("/\(quiet)/") || $0.contains("/\(carols)/") }, "\(asked)")
                for path in asked {
                    let id = path.split(separator: "/")[3]
                    #expect(
                        try await store.findStatus("https://icebox.test/users/alice/statuses/\(id)") != nil,
                        "\(path) is a post of alice's")
                }
                #expect(
                    Self.accts(try await store.reactions(to: number, type: "favourite")).sorted()
                        == ["bob@icebox.test", "carol@icebox.test"])
                #expect(Self.accts(try await store.reactions(to: number, type: "reblog")) == ["dave@icebox.test"])
                #expect(Self.accts(try await store.boostedBy(number)).filter { $0 == "dave@icebox.test" }.count == 1)
                let carolsNumber = try #require(
                    try await store.findStatus("https://icebox.test/users/carol/statuses/\(carols)"))
                #expect(try await store.reactions(to: carolsNumber, type: "favourite").isEmpty)

                // The same counts: nothing asked.
                await server.clearRequestLog()
                run = try await StoreConformanceTests.syncAlice(server, into: test)
                #expect(run.reactions.map(\.posts) == [0])
                #expect(await Self.asked(server).isEmpty)

                // A new favourite, whose count the archive learns when the post is read again (a recheck):
                // its list alone is asked at the next sync; what was listed stays.
                #expect(await server.addFavourite(of: own, username: "frank"))
                let logger = Logger(label: "reactions")
                let credentials = try CredentialStore(
                    file: test.folder.url.appending(path: "credentials.json"), logger: logger
                ).load()
                _ = try await Rechecker(
                    archive: store, credentials: credentials, options: SyncOptions(), logger: logger
                )
                .run(days: 36_500)
                await server.clearRequestLog()
                run = try await StoreConformanceTests.syncAlice(server, into: test)
                let askedAgain = await Self.asked(server)
                #expect(Set(askedAgain) == ["/api/v1/statuses/\(own)/favourited_by"], "\(askedAgain)")
                #expect(
                    Self.accts(try await store.reactions(to: number, type: "favourite")).sorted()
                        == ["bob@icebox.test", "carol@icebox.test", "frank@icebox.test"])

                // Another archived account's server speaks for its own account's posts alone.
                let other = try await store.addAccount(
                    handle: "bob@other.test", server: "https://other.test", remoteID: "9", username: "bob",
                    displayName: "Bob", url: nil)
                try await store.keepReactions(
                    [ReactionEntry(acct: "mallory@other.test", displayName: "Mallory", raw: Data("{}".utf8))],
                    account: other.id, statusURI: "https://icebox.test/users/alice/statuses/\(own)", type: "favourite")
                #expect(
                    !Self.accts(try await store.reactions(to: number, type: "favourite")).contains("mallory@other.test")
                )
            }
        }
    }
}
