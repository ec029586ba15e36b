import Foundation
import Models
import Router
import Testing

/// Routes as paths (`icebox serve`'s addresses, what the REPL prints) and back.
@Suite struct DestinationPathTests {
    @Test(arguments: DestinationTests.samples)
    func everyRoutesPathParsesBackToAPathItself(_ destination: RouterDestination) throws {
        let path = destination.path
        if case .accountsList = destination {
            // The accounts in hand are not in the path: it names no route.
            #expect(path == "/accounts" && RouterDestination(path: path) == nil)
            return
        }
        let parsed = try #require(RouterDestination(path: path), "\(path) parses back")
        #expect(parsed.path == path)
        #expect(path.hasPrefix("/") && !path.dropFirst().contains("//"), "\(path)")
        #expect(path.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 && $0.value != 0x7F }, "\(path)")
    }

    @Test func routesThatNameTheirValueComeBackEqual() throws {
        let named: [RouterDestination] = [
            .accountDetail(id: "alice@example.social"),
            .accountDetail(id: "109"),
            .statusDetail(id: "1234"),
            .statusDetail(id: "AM7iejUVqeZiIAYReK"),
            .remoteStatusDetail(url: URL(string: "https://example.social/@alice/110231912093214213")!),
            .hashTag(tag: "Swift", account: nil),
            .hashTag(tag: "swift", account: "alice@example.social"),
            .list(list: ListRef(id: "42")),
            .searchResults(query: "#swift from:alice \"exact words\" 100% a+b & c=d ?/#"),
            .searchResults(query: "日本語 -excluded"),
            .pinnedTimeline(.remoteTag(tag: "swift", server: "fosstodon.org")),
            .pinnedTimeline(.home),
        ]
        for destination in named {
            #expect(RouterDestination(path: destination.path) == destination, "\(destination.path)")
        }
    }

    @Test func pathsReadAsThePagesWriteThem() {
        #expect(RouterDestination.statusDetail(id: "1234").path == "/statuses/1234")
        #expect(RouterDestination.accountDetail(id: "alice@example.social").path == "/accounts/alice@example.social")
        #expect(RouterDestination.hashTag(tag: "#Swift", account: nil).path == "/tags/Swift")
        #expect(
            RouterDestination.pinnedTimeline(.remoteTag(tag: "swift", server: "fosstodon.org")).path
                == "/timelines/tag:swift@fosstodon.org")
        #expect(RouterDestination.searchResults(query: "from:alice #swift").path == "/search?q=from:alice%20%23swift")
        #expect(
            RouterDestination(path: "/search?q=from%3Aalice+%23swift&page=2")
                == .searchResults(query: "from:alice #swift"))
        #expect(RouterDestination(path: "/tags/swift/") == .hashTag(tag: "swift", account: nil))
    }

    /// A value holding `/`, `?`, `#`, `%` or `..` stays one segment and comes back as it was.
    @Test func valuesThatLookLikePathsStayOneSegment() {
        for id in ["../../etc/passwd", "a/b", "a?b", "a#b", "50%", "..", "https://example.social/users/a/statuses/1?x"]
        {
            let path = RouterDestination.statusDetail(id: id).path
            #expect(path.split(separator: "/").count == 2 && !path.contains("?") && !path.contains("#"), "\(path)")
            let back = RouterDestination(path: path)
            if id.hasPrefix("https://") {
                #expect(back == .remoteStatusDetail(url: URL(string: "https://example.social/users/a/statuses/1")!))
            } else {
                #expect(back == .statusDetail(id: id), "\(id)")
            }
        }
    }

    @Test func pathsThatNameNoRouteAreRefused() {
        for path in [
            "", "statuses/1", "/", "/statuses", "/statuses/", "/statuses/1/2", "/nothing/1", "/accounts/a/b",
            "/accounts/a/tags", "/search", "/search?x=1", "/search?q=", "/search?q=a&q=b", "/statuses/1?q=a",
            "/statuses/%ZZ", "/statuses/%00", "/statuses/a%0Ab", "/tags/%1B[31m", "/timelines/nonsense:kind",
            "/lists/", "//statuses/1",
        ] {
            #expect(RouterDestination(path: path) == nil, "\(path)")
        }
    }
}
