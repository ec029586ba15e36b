import ArchiveCore
import Foundation
import HistoryImport
import IceboxTestSupport
import Testing

/// What a file claims of an account's relations (issue 44), the same on both stores: the claims of
/// Mastodon's CSVs are kept apart from the ledger a walk of the server fills, each with its file, digest
/// and line; the same file read again adds nothing; bookmarks.csv's posts are bookmarks by uri.
@Suite(.serialized) struct RelationClaimConformanceTests {
    private func write(_ name: String, _ text: String, in folder: URL) throws -> URL {
        let file = folder.appending(path: name)
        try Data(text.utf8).write(to: file)
        return file
    }

    @Test(arguments: StoreKind.allCases)
    func aFilesClaimsAreKeptApartAndReadOnce(_ kind: StoreKind) async throws {
        try await TestStore.with(kind, "relation-claims") { test in
            let store = test.store
            let account = try await store.addAccount(
                handle: "alice@one.test", server: "https://one.test", remoteID: "1", username: "alice",
                displayName: "Alice", url: nil)
            let folder = test.folder.url
            let following = try write(
                "following_accounts.csv",
                "Account address,Show boosts,Notify on new posts,Languages\nb@x.test,false,true,\"en, de\"\na@x.test,true,false,\n",
                in: folder)
            let lists = try write("lists.csv", "\"=Work, team\",a@x.test\nFriends,c@y.test\n", in: folder)
            let mutes = try write(
                "muted_accounts.csv", "Account address,Hide notifications\nm@x.test,false\n", in: folder)
            let bookmarks = try write("bookmarks.csv", "https://x.test/users/b/statuses/9\n", in: folder)
            var added: [Int] = []
            for file in [following, lists, mutes, bookmarks] {
                let read = try MastodonCSVImport(file: file).read()
                #expect(read.refused.isEmpty)
                added += try await MastodonCSVImport.store(read.files, into: store, account: account)
            }
            #expect(added == [2, 2, 1, 1])

            let follows = try await store.relationClaims(of: account.id, kind: .following)
            #expect(follows.map(\.acct) == ["a@x.test", "b@x.test"])
            #expect(follows.allSatisfy { $0.account == "alice@one.test" && $0.claimedBy == "following_accounts.csv" })
            #expect(follows.map(\.showingReblogs) == [true, false] && follows.map(\.notifying) == [false, true])
            #expect(follows.map(\.languages) == [nil, ["en", "de"]] && follows.map(\.line) == [3, 2])
            #expect(follows.allSatisfy { $0.fileSHA256.count == 64 && !$0.claimedAt.isEmpty })
            let members = try await store.relationClaims(of: nil, kind: .listMembers)
            #expect(members.map(\.list) == ["=Work, team", "Friends"].sorted() && members.count == 2)
            #expect(try await store.relationClaims(of: account.id, kind: .mutes).map(\.hideNotifications) == [false])
            let references = try await store.references(kind: .bookmark)
            #expect(references.map(\.uri) == ["https://x.test/users/b/statuses/9"])

            // Kept apart: the ledger, which only a walk of the server fills, holds none of it.
            for relation in RelationClaim.kinds {
                #expect(try await store.relations(of: account.id, kind: relation, includeEnded: true).isEmpty)
            }

            // The same file again, under another name too, adds nothing; another file's word is its own.
            let again = try MastodonCSVImport(file: following).read()
            #expect(try await MastodonCSVImport.store(again.files, into: store, account: account) == [0])
            let renamed = try write("follows-copy.csv", try String(contentsOf: following, encoding: .utf8), in: folder)
            let copy = try MastodonCSVImport(file: renamed).read()
            #expect(try await MastodonCSVImport.store(copy.files, into: store, account: account) == [0])
            let other = try write("follows.csv", "a@x.test\n", in: folder)
            let second = try MastodonCSVImport(file: other).read()
            #expect(try await MastodonCSVImport.store(second.files, into: store, account: account) == [1])
            let both = try await store.relationClaims(of: account.id, kind: .following)
            #expect(
                both.filter { $0.acct == "a@x.test" }.map(\.claimedBy).sorted() == [
                    "following_accounts.csv", "follows.csv",
                ])
            #expect(try await store.rowCount("relation_claims") == 6)
        }
    }
}
