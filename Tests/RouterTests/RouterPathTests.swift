import Foundation
import Models
import Router
import Testing

@Suite struct RouterPathTests {
    static let search = RouterDestination.searchResults(query: "swift")
    static let status = RouterDestination.statusDetail(id: "123")
    static let alice = RouterDestination.accountDetail(id: "alice@example.social")

    @Test func anEmptyPathHasNothingToShow() {
        var router = RouterPath()
        #expect(router.isEmpty)
        #expect(router.current == nil)
        #expect(router.breadcrumb == "")
        #expect(router.back() == nil)
        #expect(router.path.isEmpty)
    }

    @Test func navigateAndBackKeepTheStack() {
        var router = RouterPath()
        router.navigate(to: Self.search)
        router.navigate(to: Self.status)
        router.navigate(to: Self.alice)
        #expect(router.path == [Self.search, Self.status, Self.alice])
        #expect(router.current == Self.alice)
        #expect(router.breadcrumb == "search:swift › status 123 › @alice@example.social")

        #expect(router.back() == Self.status)
        #expect(router.path == [Self.search, Self.status])
        #expect(router.breadcrumb == "search:swift › status 123")
        #expect(router.back() == Self.search)
        #expect(router.back() == nil)
        #expect(router.isEmpty)
        #expect(router.back() == nil)
        #expect(router.path.isEmpty)
    }

    @Test func theSameScreenCanBePushedTwice() {
        var router = RouterPath(path: [Self.status])
        router.navigate(to: Self.status)
        #expect(router.path.count == 2)
        #expect(router.back() == Self.status)
    }

    @Test func handleNavigatesWhenTheURLIsARoute() throws {
        var router = RouterPath(path: [Self.search])
        let result = router.handle(url: try #require(URL(string: "https://example.social/@alice/")))
        #expect(result == .route(Self.alice))
        #expect(router.path == [Self.search, Self.alice])
        #expect(router.breadcrumb == "search:swift › @alice@example.social")
    }

    @Test(arguments: [
        "https://example.social/about", "mailto:alice@example.social", "/@alice/1",
        "ftp://example.social/@alice/1",
    ])
    func handleLeavesThePathAloneWhenTheURLIsNoRoute(_ link: String) throws {
        var router = RouterPath(path: [Self.search, Self.status])
        let before = router
        let result = router.handle(url: try #require(URL(string: link)))
        #expect(result.destination == nil)
        #expect(router == before)
    }

    @Test func breadcrumbTitlesEveryScreen() {
        let account = Account(id: "9", username: "bob", acct: "bob@other.example")
        let post = Status(
            id: "5", uri: "https://other.example/users/bob/statuses/5", createdAt: Date(),
            account: account, content: "<p>hi</p>")
        let titles: [(RouterDestination, String)] = [
            (.accountDetail(id: "alice@example.social"), "@alice@example.social"),
            (.accountDetail(id: "109"), "account 109"),
            (.accountDetailWithAccount(account: account), "@bob@other.example"),
            (.statusDetail(id: "AM7iejUVqeZiIAYReK"), "status AM7iejUVqeZiIAYReK"),
            (.statusDetail(id: "https://a.example/users/u/statuses/1"), "status a.example/users/u/statuses/1"),
            (.statusDetailWithStatus(status: post), "status by @bob@other.example"),
            (.remoteStatusDetail(url: URL(string: "https://a.example/@u/1")!), "status a.example/@u/1"),
            (.hashTag(tag: "SwiftUI", account: nil), "#SwiftUI"),
            (.hashTag(tag: "swift", account: "alice@example.social"), "#swift by @alice@example.social"),
            (.list(list: ListRef(id: "42", title: "Friends")), "list Friends"),
            (.list(list: ListRef(id: "42")), "list 42"),
            (.searchResults(query: "from:alice swift"), "search:from:alice swift"),
            (.pinnedTimeline(.tag("swift")), "timeline:tag:swift"),
        ]
        for (destination, title) in titles {
            #expect(destination.title == title)
        }
    }

    @Test func breadcrumbIsOneSafeLine() {
        let router = RouterPath(path: [
            .searchResults(query: "a\u{1B}[31mb\nc\td"), .list(list: ListRef(id: "1", title: "x\u{202E}y")),
        ])
        #expect(router.breadcrumb == "search:ab c d › list xy")
    }
}
