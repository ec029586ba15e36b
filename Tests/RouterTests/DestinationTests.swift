import Foundation
import Models
import Router
import Testing

@Suite struct DestinationTests {
    /// One of every case. `caseName` has no `default`, so a new case does not compile until it is
    /// added here, and `everyCaseIsCovered` fails until it is in `samples`.
    static var samples: [RouterDestination] {
        var account = Account(id: "109", username: "alice", acct: "alice", displayName: "Alice")
        account.url = "https://example.social/@alice"
        var status = Status(
            id: "01HZX3V7Y6R3Q9K2M4N8P0T5WB", uri: "https://example.social/users/alice/statuses/1",
            createdAt: Date(timeIntervalSince1970: 1_775_901_600), account: account, content: "<p>hé</p>")
        status.tags = [Tag(name: "Swift")]
        return [
            .accountDetail(id: "alice@example.social"),
            .accountDetailWithAccount(account: account),
            .statusDetail(id: "AM7iejUVqeZiIAYReK"),
            .statusDetailWithStatus(status: status),
            .remoteStatusDetail(url: URL(string: "https://example.social/@alice/110231912093214213")!),
            .hashTag(tag: "Swift", account: nil),
            .hashTag(tag: "swift", account: "alice@example.social"),
            .list(list: ListRef(id: "42", title: "Friends")),
            .searchResults(query: "#swift from:alice \"exact words\""),
            .pinnedTimeline(.remoteTag(tag: "swift", server: "fosstodon.org")),
            .following(id: "alice@example.social"),
            .followers(id: "alice@example.social"),
            .favoritedBy(id: "110231912093214213"),
            .rebloggedBy(id: "110231912093214213"),
            .conversationDetail(id: "42"),
            .accountsList(accounts: [status.account]),
        ]
    }

    static func caseName(_ destination: RouterDestination) -> String {
        switch destination {
        case .accountDetail: "accountDetail"
        case .accountDetailWithAccount: "accountDetailWithAccount"
        case .statusDetail: "statusDetail"
        case .statusDetailWithStatus: "statusDetailWithStatus"
        case .remoteStatusDetail: "remoteStatusDetail"
        case .hashTag: "hashTag"
        case .list: "list"
        case .searchResults: "searchResults"
        case .pinnedTimeline: "pinnedTimeline"
        case .following: "following"
        case .followers: "followers"
        case .favoritedBy: "favoritedBy"
        case .rebloggedBy: "rebloggedBy"
        case .conversationDetail: "conversationDetail"
        case .accountsList: "accountsList"
        }
    }

    @Test func everyCaseIsCovered() {
        #expect(Set(Self.samples.map(Self.caseName)).count == 15)
    }

    @Test func routerPathRoundTripsThroughJSON() throws {
        let router = RouterPath(path: Self.samples)
        let data = try JSONEncoder().encode(router)
        let decoded = try JSONDecoder().decode(RouterPath.self, from: data)
        #expect(decoded == router)
        #expect(decoded.path.count == Self.samples.count)
        #expect(decoded.breadcrumb == router.breadcrumb)
    }

    @Test(arguments: samples)
    func eachDestinationRoundTrips(_ destination: RouterDestination) throws {
        let data = try JSONEncoder().encode(destination)
        #expect(try JSONDecoder().decode(RouterDestination.self, from: data) == destination)
    }

    @Test(arguments: [
        TimelineSpec.home, .local, .federated, .tag("Swift"), .list("42"), .bookmarks, .favourites,
        .own, .mentions, .remote(server: "fosstodon.org"), .remoteTag(tag: "swift", server: "fosstodon.org"),
    ])
    func pinnedTimelineRoundTripsThroughTimelineSpec(_ spec: TimelineSpec) throws {
        let destination = RouterDestination.pinnedTimeline(spec)
        #expect(destination == .pinnedTimeline(spec: spec.description))
        #expect(destination.timelineSpec == spec)
        let data = try JSONEncoder().encode(destination)
        #expect(try JSONDecoder().decode(RouterDestination.self, from: data).timelineSpec == spec)
    }

    @Test func onlyPinnedTimelinesHaveASpec() {
        #expect(RouterDestination.searchResults(query: "home").timelineSpec == nil)
        #expect(RouterDestination.pinnedTimeline(spec: "nonsense").timelineSpec == nil)
    }

    @Test func tagsMatchCaseInsensitively() {
        #expect(RouterDestination.tagKey("Swift") == "swift")
        #expect(RouterDestination.tagKey("#SWIFT") == "swift")
        #expect(RouterDestination.tagKey("Ｓｗｉｆｔ") == "swift")
        #expect(RouterDestination.tagKey("日本") == "日本")
        #expect(RouterDestination.hashTag(tag: "Swift", account: nil) != .hashTag(tag: "swift", account: nil))
    }

    /// Dates survive a JSON round trip (accounts, fields, polls: written as RFC 3339, as servers do).
    @Test func anAccountWithACreationDateRoundTrips() throws {
        var account = Account(id: "1", username: "a", acct: "a")
        account.createdAt = Date(timeIntervalSince1970: 1_775_901_600)
        let destination = RouterDestination.accountDetailWithAccount(account: account)
        let data = try JSONEncoder().encode(destination)
        #expect(try JSONDecoder().decode(RouterDestination.self, from: data) == destination)
    }
}
