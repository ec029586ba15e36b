import Foundation
import REPL
import Router
import Testing

/// `following` and `followers` in the REPL (issue 44): the relation ledger of one of the archive's own
/// accounts as a route on the navigation stack, `back` as from any screen; a stranger's relations are
/// not kept, and the REPL says so.
@Suite(.serialized) struct PeopleScreenTests {
    @Test func followingAndFollowersAreRoutesOnTheStack() async throws {
        let fixture = try await PagingAndKeptTests.Fixture.shared.value
        var session = fixture.session()
        let expected = await fixture.server.relationHandles("alice", .following)
        #expect(!expected.isEmpty)
        let following = await session.execute("following")
        let shown = following.output.split(separator: "\n").dropFirst().compactMap { line in
            line.split(separator: " ").first.map { String($0.dropFirst()) }
        }
        #expect(shown.sorted() == expected, "\(following)")
        #expect(following.output.hasPrefix("following of @alice@icebox.test: \(expected.count) now, 0 ended"))
        let followers = await session.execute("followers alice")
        #expect(followers.output.hasPrefix("followers of @alice@icebox.test:"), "\(followers)")
        #expect(await session.execute("path").output.contains("/accounts/alice@icebox.test/followers"))
        _ = await session.execute("back")
        #expect(await session.execute("path").output.hasSuffix("/accounts/alice@icebox.test/following"))
        let stranger = await session.execute("following carol")
        #expect(stranger.failure?.contains("not one of your accounts") == true, "\(stranger)")
        let link = await session.execute("url https://icebox.test/@bob/followers")
        #expect(link.failure?.contains("its own accounts only") == true, "\(link)")
    }
}
