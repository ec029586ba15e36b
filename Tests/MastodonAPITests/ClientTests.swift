import Foundation
import Logging
import MastodonAPI
import MastodonTestServer
import Models
import Testing

/// `MastodonClient` against the in-process `TestServer` on 127.0.0.1.
@Suite struct ClientTests {
    // MARK: - Home timeline paging

    @Test func homePageCursorsAreTheLinkHeadersIDs() async throws {
        try await withTestServer { server in
            let client = try server.client()
            let page = try await client.statuses(Timelines.home, cursor: PageCursor(limit: 40))
            let expected = await server.timelineIDs(.home("alice"))
            #expect(expected.count > 40, "the corpus must be bigger than one page for this test to mean anything")
            #expect(page.items.count == 40)
            #expect(page.httpStatus == 200)
            #expect(page.items.map(\.status.id) == Array(expected.prefix(40)))

            // The same request through `send`, reading the Link header by hand.
            let raw = try await client.send(Timelines.home, cursor: PageCursor(limit: 40))
            let link = raw.header("Link")
            #expect(link != nil)
            #expect(page.next == linkParameter(link, rel: "next", "max_id"))
            #expect(page.previous == linkParameter(link, rel: "prev", "min_id"))
            #expect(page.next == page.items.last?.status.id)
            #expect(page.previous == page.items.first?.status.id)

            // Asking for more than 40 still yields at most 40.
            let big = try await client.statuses(Timelines.home, cursor: PageCursor(limit: 100))
            #expect(big.items.count <= 40)
            // No limit: Mastodon's default of 20.
            let plain = try await client.statuses(Timelines.home, cursor: PageCursor())
            #expect(plain.items.count == 20)
        }
    }

    @Test func pagingWithNextReturnsEveryHomeIDOnce() async throws {
        try await withTestServer { server in
            let client = try server.client()
            let expected = await server.timelineIDs(.home("alice"))
            var seen: [String] = []
            var cursor = PageCursor(limit: 40)
            var pages = 0
            while true {
                let page = try await client.statuses(Timelines.home, cursor: cursor)
                pages += 1
                #expect(page.items.count <= 40)
                if page.items.isEmpty {
                    #expect(page.next == nil && page.previous == nil, "an empty page has no Link header")
                    break
                }
                seen += page.items.map(\.status.id)
                let next = try #require(page.next)
                cursor = PageCursor(maxID: next, limit: 40)
                try #require(pages < 100, "paging does not end")
            }
            #expect(seen == expected)
            #expect(Set(seen).count == seen.count, "no id twice")
            #expect(pages == (expected.count + 39) / 40 + 1)
        }
    }

    @Test func minIDCatchUpReturnsExactlyTheNewStatuses() async throws {
        // Alice follows everyone, so every new status lands in her home.
        try await withTestServer({ $0.homeShare = 1 }) { server in
            let client = try server.client()
            let before = await server.timelineIDs(.home("alice"))
            let newest = try #require(before.first)
            let added = await server.addStatuses(45)
            let after = await server.timelineIDs(.home("alice"))
            let arrived = Array(after.prefix(after.count - before.count))
            #expect(Array(after.dropFirst(arrived.count)) == before)
            #expect(Set(arrived) == Set(added), "all 45 new statuses are in alice's home")
            #expect(arrived.count == 45)

            var cursor = PageCursor(minID: newest, limit: 40)
            var pages: [[String]] = []
            while true {
                let page = try await client.statuses(Timelines.home, cursor: cursor)
                let ids = page.items.map(\.status.id)
                if ids.isEmpty { break }
                pages.append(ids)
                let previous = try #require(page.previous)
                #expect(previous == ids.first, "prev is the newest id of the page")
                cursor = PageCursor(minID: previous, limit: 40)
                try #require(pages.count < 10, "catch-up does not end")
            }
            #expect(pages.map(\.count) == [40, 5])
            // Newest first within each page; pages move up in time.
            #expect(pages.reversed().flatMap { $0 } == arrived)
            #expect(Set(pages.flatMap { $0 }).isDisjoint(with: before))
        }
    }

    @Test func rateLimitHeadersAreParsed() async throws {
        try await withTestServer { server in
            let client = try server.client()
            let first = try await client.statuses(Timelines.home, cursor: PageCursor(limit: 5))
            let second = try await client.statuses(Timelines.home, cursor: PageCursor(maxID: first.next, limit: 5))
            let a = try #require(first.rateLimit)
            let b = try #require(second.rateLimit)
            #expect(a.limit == 300 && b.limit == 300)
            #expect(a.reset != nil && b.reset != nil)
            #expect(b.remaining < a.remaining)
            #expect(a.remaining < a.limit)
        }
    }

    // MARK: - Raw bytes

    @Test func rawBytesAreTheFixtureFilesBytes() async throws {
        try await withTestServer { server in
            let client = try server.client(token: nil)
            var items: [ArchivableStatus] = []
            var cursor = PageCursor(limit: 3)
            for _ in 0..<50 {
                let page = try await client.statuses(Timelines.hashtag(tag: "fixtures"), cursor: cursor)
                if page.items.isEmpty { break }
                items += page.items
                let next: String = try #require(page.next)
                cursor = PageCursor(maxID: next, limit: 3)
            }
            let fixtureCount = await server.snapshot().fixtureCount
            #expect(fixtureCount > 5)
            #expect(items.count == fixtureCount)

            let files = try FileManager.default.contentsOfDirectory(atPath: fixturesDirectory.path)
                .filter { $0.hasSuffix(".json") }
                .map { ($0, trimmed(try Data(contentsOf: fixturesDirectory.appendingPathComponent($0)))) }
            var exactMatches = 0
            for item in items {
                let id = item.status.id
                if files.contains(where: { $0.1 == item.raw }) {
                    exactMatches += 1
                } else {
                    // From a file holding an array of statuses: a byte-exact slice of that file.
                    let container = files.first { $0.1.first == UInt8(ascii: "[") && $0.1.range(of: item.raw) != nil }
                    #expect(container != nil, "status \(id): raw bytes are not a slice of any fixture file")
                }
                #expect(item.raw.first == UInt8(ascii: "{") && item.raw.last == UInt8(ascii: "}"))
                let object = try JSONSerialization.jsonObject(with: item.raw) as? [String: Any]
                #expect(object?["id"] as? String == id)
                if let reblog = item.rawReblog {
                    #expect(item.raw.range(of: reblog) != nil, "rawReblog is a slice of raw")
                    #expect(item.status.reblog != nil)
                }
            }
            // Every single-status fixture file (status_*.json, bar edit history) is served byte for byte.
            let singleFiles = files.filter { $0.0.hasPrefix("status_") && !$0.0.contains("history") }
            #expect(!singleFiles.isEmpty)
            for (name, bytes) in singleFiles {
                #expect(items.contains { $0.raw == bytes }, "\(name) is not served byte for byte")
            }
            #expect(exactMatches >= singleFiles.count)
        }
    }

    @Test func rawBytesOfSyntheticStatusesAreSlicesOfTheResponse() async throws {
        try await withTestServer { server in
            let client = try server.client()
            let response = try await client.send(Timelines.home, cursor: PageCursor(limit: 40))
            let page = try await client.statuses(Timelines.home, cursor: PageCursor(limit: 40))
            #expect(!page.items.isEmpty)
            for item in page.items {
                #expect(response.body.range(of: item.raw) != nil, "\(item.status.id): raw is not in the body")
                let object = try JSONSerialization.jsonObject(with: item.raw) as? [String: Any]
                #expect(object?["id"] as? String == item.status.id)
            }
        }
    }

    // MARK: - Bookmarks

    @Test func bookmarkCursorsAreRowIDsNotStatusIDs() async throws {
        try await withTestServer { server in
            let client = try server.client()
            let home = await server.timelineIDs(.home("alice"))
            let newerStatus = try #require(home.first)
            let olderStatus = try #require(home.last)
            // Bookmark the newer status first and the older one last: row order ≠ status order.
            let firstRow = try #require(await server.bookmark(statusID: newerStatus, username: "alice"))
            let secondRow = try #require(await server.bookmark(statusID: olderStatus, username: "alice"))
            #expect(secondRow > firstRow)

            let page = try await client.statuses(Timelines.bookmarks, cursor: PageCursor(limit: 1))
            #expect(page.items.map(\.status.id) == [olderStatus])
            #expect(page.next == String(secondRow))
            #expect(page.previous == String(secondRow))
            #expect(page.next != olderStatus)

            let older = try await client.statuses(Timelines.bookmarks, cursor: PageCursor(maxID: page.next, limit: 1))
            #expect(older.items.map(\.status.id) == [newerStatus])
            #expect(older.next == String(firstRow))

            let caughtUp = try await client.statuses(Timelines.bookmarks, cursor: PageCursor(minID: String(firstRow)))
            #expect(caughtUp.items.map(\.status.id) == [olderStatus])
            let none = try await client.statuses(Timelines.bookmarks, cursor: PageCursor(minID: String(secondRow)))
            #expect(none.items.isEmpty)
        }
    }

    // MARK: - Anonymous access

    @Test func anonymousLocalTimelineWorksWithoutAToken() async throws {
        try await withTestServer { server in
            let client = try server.client(token: nil)
            #expect(!client.isAuthenticated)
            let page = try await client.statuses(Timelines.pub(local: true), cursor: PageCursor(limit: 40))
            let expected = await server.timelineIDs(.local)
            #expect(!page.items.isEmpty)
            #expect(page.items.map(\.status.id) == Array(expected.prefix(40)))
            #expect(page.items.allSatisfy { !$0.status.account.acct.contains("@") }, "local posts only")
            let log = await server.requestLog()
            #expect(log.to("/api/v1/timelines/public").allSatisfy { !$0.hadToken })
            #expect(log.to("/api/v1/timelines/public").last?.value("local") == "true")
        }
    }

    @Test func authenticatedOnlyTimelineRefusesAnonymousClients() async throws {
        try await withTestServer({ $0.timelinesAccess = TimelinesAccess(all: .authenticated) }) { server in
            let anonymous = try server.client(token: nil)
            let error = await apiError { () async throws(APIError) in
                try await anonymous.statuses(Timelines.pub(local: true), cursor: PageCursor())
            }
            let unwrapped = try #require(error)
            #expect(unwrapped.requiresAuthentication)
            #expect(unwrapped.httpStatus == 422)
            #expect(!unwrapped.isUnauthorized)
            #expect(!unwrapped.isTransient)
            #expect(unwrapped.description.contains(server.hostAndPort))
            #expect(unwrapped.description.contains("authenticated user"))
            // With a token the same timeline is served.
            let page = try await server.client().statuses(Timelines.pub(local: true), cursor: PageCursor())
            #expect(!page.items.isEmpty)
        }
    }

    @Test func disabledTimelineIsAnEmptyPage() async throws {
        try await withTestServer({ $0.timelinesAccess = TimelinesAccess(all: .disabled) }) { server in
            let page = try await server.client(token: nil).statuses(Timelines.pub(local: true), cursor: PageCursor())
            #expect(page.items.isEmpty)
            #expect(page.httpStatus == 200)
            #expect(page.next == nil && page.previous == nil)
        }
    }

    // MARK: - Errors

    @Test func unreachableServerIsATransportError() async throws {
        let server = try await TestServer.start(TestServerConfig())
        let client = try server.client(timeout: 10)
        let host = server.hostAndPort
        await server.stop()
        let error = await apiError { () async throws(APIError) in
            try await client.statuses(Timelines.home, cursor: PageCursor())
        }
        let unwrapped = try #require(error)
        guard case .transport(let named, let path, _, let timedOut) = unwrapped else {
            Issue.record("expected .transport, got \(unwrapped)")
            return
        }
        #expect(named == host)
        #expect(path == "/api/v1/timelines/home")
        #expect(!timedOut)
        #expect(unwrapped.isTransient)
        #expect(unwrapped.description.contains(host))
        #expect(unwrapped.httpStatus == nil)
    }

    @Test func badTokenIsUnauthorized() async throws {
        try await withTestServer { server in
            let client = try server.client(token: "not-a-valid-token")
            let error = await apiError { () async throws(APIError) in
                try await client.get(Accounts.verifyCredentials, as: Account.self)
            }
            let unwrapped = try #require(error)
            guard case .http(let named, _, let status, let text) = unwrapped else {
                Issue.record("expected .http, got \(unwrapped)")
                return
            }
            #expect(named == server.hostAndPort)
            #expect(status == 401)
            #expect(text == "The access token is invalid")
            #expect(unwrapped.isUnauthorized)
            #expect(!unwrapped.requiresAuthentication)
            #expect(!unwrapped.isTransient)
            #expect(unwrapped.description.contains(server.hostAndPort))
            #expect(unwrapped.description.contains("The access token is invalid"))
            #expect(!unwrapped.description.contains("not-a-valid-token"))

            // The same for a timeline.
            let timelineError = await apiError { () async throws(APIError) in
                try await client.statuses(Timelines.home, cursor: PageCursor())
            }
            #expect(timelineError?.isUnauthorized == true)
        }
    }

    @Test func htmlErrorPageIsReportedReadably() async throws {
        try await withTestServer { server in
            var faults = Faults()
            faults.htmlErrorRate = 1
            await server.setFaults(faults)
            let client = try server.client()
            let error = await apiError { () async throws(APIError) in
                try await client.statuses(Timelines.home, cursor: PageCursor())
            }
            let unwrapped = try #require(error)
            switch unwrapped {
            case .http(_, _, let status, _), .notJSON(_, _, let status, _):
                #expect(status == 502)
            default:
                Issue.record("expected .http or .notJSON 502, got \(unwrapped)")
            }
            #expect(unwrapped.httpStatus == 502)
            #expect(unwrapped.isTransient)
            let text = unwrapped.description
            #expect(text.contains(server.hostAndPort))
            #expect(text.contains("502"))
            for dump in ["DecodingError", "dataCorrupted", "codingPath", "<html", "<!DOCTYPE", "nginx"] {
                #expect(!text.contains(dump), "description leaks \(dump): \(text)")
            }

            // A 2xx HTML answer (a captive portal, a non-Mastodon site) is .notJSON.
            await server.setFaults(Faults())
            let app = try await client.get(OAuth.registerApp(name: "Icebox", scopes: "read"), as: RegisteredApp.self)
            let authorize = await apiError { () async throws(APIError) in
                try await client.get(AuthorizePage(clientID: app.clientID), as: [String: String].self)
            }
            guard case .notJSON(let host, _, 200, let type)? = authorize else {
                Issue.record("expected .notJSON 200, got \(String(describing: authorize))")
                return
            }
            #expect(host == server.hostAndPort)
            #expect(type?.hasPrefix("text/html") == true)
            #expect(authorize?.description.contains(server.hostAndPort) == true)
        }
    }

    @Test func truncatedJSONIsMalformed() async throws {
        try await withTestServer { server in
            var faults = Faults()
            faults.truncatedJSONRate = 1
            await server.setFaults(faults)
            let client = try server.client()
            for endpoint: any Endpoint in [Timelines.home, Timelines.bookmarks, Timelines.pub(local: false)] {
                let error = await apiError { () async throws(APIError) in
                    try await client.statuses(endpoint, cursor: PageCursor())
                }
                guard case .malformed(let host, let path, _)? = error else {
                    Issue.record("\(endpoint.path): expected .malformed, got \(String(describing: error))")
                    continue
                }
                #expect(host == server.hostAndPort)
                #expect(path == endpoint.path)
                #expect(error?.isTransient == false)
                #expect(error?.description.contains(server.hostAndPort) == true)
            }
            let accountError = await apiError { () async throws(APIError) in
                try await client.get(Accounts.verifyCredentials, as: Account.self)
            }
            guard case .malformed? = accountError else {
                Issue.record("verify_credentials: expected .malformed, got \(String(describing: accountError))")
                return
            }
            #expect(accountError?.description.contains(server.hostAndPort) == true)
        }
    }

    @Test func tooManyRequestsIsRateLimitedAndTransient() async throws {
        try await withTestServer { server in
            var faults = Faults()
            faults.every429 = 1
            await server.setFaults(faults)
            let client = try server.client()
            let error = await apiError { () async throws(APIError) in
                try await client.statuses(Timelines.home, cursor: PageCursor())
            }
            let unwrapped = try #require(error)
            #expect(unwrapped.httpStatus == 429)
            #expect(unwrapped.isRateLimited)
            #expect(unwrapped.isTransient)
            #expect(!unwrapped.isUnauthorized)
            #expect(unwrapped.description.contains(server.hostAndPort))
            // `send` still returns the answer, with the rate-limit headers.
            let response = try await client.send(Timelines.home)
            #expect(response.status == 429)
            #expect(response.rateLimit != nil)
        }
    }

    @Test func droppedConnectionIsATransportError() async throws {
        try await withTestServer { server in
            var faults = Faults()
            faults.dropConnectionRate = 1
            await server.setFaults(faults)
            let client = try server.client(timeout: 10)
            let error = await apiError { () async throws(APIError) in
                try await client.statuses(Timelines.home, cursor: PageCursor(limit: 40))
            }
            let unwrapped = try #require(error)
            guard case .transport(let host, let path, _, _) = unwrapped else {
                Issue.record("expected .transport, got \(unwrapped)")
                return
            }
            #expect(host == server.hostAndPort)
            #expect(path == "/api/v1/timelines/home")
            #expect(unwrapped.isTransient)
            #expect(unwrapped.description.contains(server.hostAndPort))
            // The server is fine again once the fault is gone.
            await server.setFaults(Faults())
            #expect(try await client.statuses(Timelines.home, cursor: PageCursor()).items.count == 20)
        }
    }

    // MARK: - Accounts and OAuth

    @Test func verifyCredentialsDecodesTheAccount() async throws {
        try await withTestServer { server in
            let account = try await server.client().get(Accounts.verifyCredentials, as: Account.self)
            #expect(account.username == "alice")
            #expect(account.acct == "alice")
            let snapshot = await server.snapshot()
            #expect(account.id == snapshot.accountIDs["alice"])
        }
    }

    @Test func oauthRegistrationCodeAndTokenExchange() async throws {
        try await withTestServer { server in
            let anonymous = try server.client(token: nil)
            let app = try await anonymous.get(OAuth.registerApp(name: "Icebox + tests", scopes: "read"),
                                              as: RegisteredApp.self)
            #expect(!app.clientID.isEmpty && !app.clientSecret.isEmpty)

            let authorize = OAuth.authorizeURL(server: try server.address, clientID: app.clientID, scopes: "read",
                                               forceLogin: false)
            #expect(authorize.host == "127.0.0.1")
            let items = URLComponents(url: authorize, resolvingAgainstBaseURL: false)?.queryItems ?? []
            #expect(items.first { $0.name == "redirect_uri" }?.value == OAuth.outOfBandRedirect)
            #expect(items.first { $0.name == "client_id" }?.value == app.clientID)
            #expect(!items.contains { $0.name == "force_login" })
            let page = try await plainGet(authorize)
            #expect(page.status == 200)
            let html = String(decoding: page.body, as: UTF8.self)
            let code = try #require(html.range(of: #"code-[0-9a-z]+"#, options: .regularExpression).map { String(html[$0]) })

            let token = try await anonymous.get(
                OAuth.token(code: code, clientID: app.clientID, clientSecret: app.clientSecret, scopes: "read"),
                as: AccessToken.self)
            #expect(!token.accessToken.isEmpty)
            let me = try await server.client(token: token.accessToken).get(Accounts.verifyCredentials, as: Account.self)
            #expect(me.username == "alice")

            // A code works once.
            let reuse = await apiError { () async throws(APIError) in
                try await anonymous.get(
                    OAuth.token(code: code, clientID: app.clientID, clientSecret: app.clientSecret, scopes: "read"),
                    as: AccessToken.self)
            }
            #expect(reuse?.httpStatus == 400)
            #expect(reuse?.description.contains("invalid_grant") == true)
            #expect(reuse?.description.contains(app.clientSecret) == false)

            let log = await server.requestLog()
            #expect(log.to("/api/v1/apps").first?.method == "POST")
            #expect(log.to("/oauth/token").allSatisfy { $0.method == "POST" && $0.query.isEmpty },
                    "the secret travels in the body, not the URL")
        }
    }

    // MARK: - URLs

    @Test func urlCarriesHashtagFiltersAndCursors() throws {
        let client = MastodonClient(server: try ServerAddress("http://127.0.0.1:3000"), token: nil,
                                    logger: Logger(label: "icebox.tests"))
        let endpoint = Timelines.hashtag(tag: "swift", any: ["ios", "mac os"], all: ["linux"], none: ["nsfw", "a&b"],
                                         local: true)
        let url = client.url(for: endpoint, cursor: PageCursor(maxID: "01HE7Y3C432WRSNS10EZM86SA5", minID: "-9",
                                                               limit: 40))
        let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
        #expect(components.scheme == "http")
        #expect(components.host == "127.0.0.1")
        #expect(components.port == 3000)
        #expect(components.path == "/api/v1/timelines/tag/swift")
        let items = (components.queryItems ?? []).map { "\($0.name)=\($0.value ?? "")" }
        #expect(items == ["any[]=ios", "any[]=mac os", "all[]=linux", "none[]=nsfw", "none[]=a&b", "local=true",
                          "max_id=01HE7Y3C432WRSNS10EZM86SA5", "min_id=-9", "limit=40"])

        // No query at all when there is nothing to send.
        let home = client.url(for: Timelines.home)
        #expect(home.absoluteString == "http://127.0.0.1:3000/api/v1/timelines/home")
        // Only a cursor.
        let paged = client.url(for: Timelines.bookmarks, cursor: PageCursor(maxID: "17"))
        #expect(paged.absoluteString == "http://127.0.0.1:3000/api/v1/bookmarks?max_id=17")
        // A tag needing escaping stays one path segment.
        let odd = client.url(for: Timelines.hashtag(tag: "a/b?c"))
        #expect(URLComponents(url: odd, resolvingAgainstBaseURL: false)?.percentEncodedPath
            == "/api/v1/timelines/tag/a%2Fb%3Fc")
        #expect(odd.query == nil)
        // POST form fields are never put in the URL.
        let register = client.url(for: OAuth.registerApp(name: "Icebox", scopes: "read"))
        #expect(register.absoluteString == "http://127.0.0.1:3000/api/v1/apps")
    }

    @Test func hashtagFiltersReachTheServerAndCursorsAreRebuilt() async throws {
        try await withTestServer { server in
            let tag = try #require(await server.snapshot().tags.first)
            let client = try server.client(token: nil)
            let endpoint = Timelines.hashtag(tag: tag, any: ["x1", "x2"], none: ["x3"], local: true)
            let first = try await client.statuses(endpoint, cursor: PageCursor(limit: 2))
            _ = try await client.statuses(endpoint, cursor: PageCursor(maxID: first.next, limit: 2))
            let requests = await server.requestLog().to("/api/v1/timelines/tag/\(tag)")
            #expect(requests.count == 2)
            for request in requests {
                #expect(request.query.filter { $0.name == "any[]" }.map(\.value) == ["x1", "x2"])
                #expect(request.query.filter { $0.name == "none[]" }.map(\.value) == ["x3"])
                #expect(request.value("local") == "true")
            }
            #expect(requests.last?.value("max_id") == first.next)
        }
    }

    // MARK: - Secrets

    @Test func tokenNeverAppearsInErrorsOrLogs() async throws {
        let secret = "s3cr3t-Token-Q9zX"
        try await withTestServer { server in
            #expect(await server.setToken(secret, username: "alice"))
            let capture = LogCapture()
            let client = try server.client(token: secret, logger: capture.logger())
            #expect(client.isAuthenticated)

            var descriptions: [String] = []
            // Successful calls.
            let page = try await client.statuses(Timelines.home, cursor: PageCursor(limit: 5))
            _ = try await client.statuses(Timelines.home, cursor: PageCursor(maxID: page.next, limit: 5))
            _ = try await client.get(Accounts.verifyCredentials, as: Account.self)
            // Every kind of failure, with the token attached.
            var faults = Faults()
            faults.every429 = 1
            for configure: (inout Faults) -> Void in [
                { $0.every429 = 1 }, { $0.htmlErrorRate = 1 }, { $0.truncatedJSONRate = 1 },
                { $0.serverErrorRate = 1 }, { $0.dropConnectionRate = 1 },
            ] {
                faults = Faults()
                configure(&faults)
                await server.setFaults(faults)
                if let error = await apiError({ () async throws(APIError) in
                    try await client.statuses(Timelines.home, cursor: PageCursor())
                }) {
                    descriptions.append(error.description)
                    descriptions.append("\(error)")
                    descriptions.append(String(reflecting: error))
                } else {
                    Issue.record("a fault did not produce an error")
                }
            }
            await server.setFaults(Faults())
            // A revoked token.
            await server.removeToken(secret)
            if let error = await apiError({ () async throws(APIError) in
                try await client.get(Accounts.verifyCredentials, as: Account.self)
            }) {
                #expect(error.isUnauthorized)
                descriptions.append(error.description)
                descriptions.append(String(reflecting: error))
            } else {
                Issue.record("a revoked token was accepted")
            }
            // Unreachable.
            await server.stop()
            if let error = await apiError({ () async throws(APIError) in
                try await client.statuses(Timelines.home, cursor: PageCursor())
            }) {
                descriptions.append(error.description)
                descriptions.append(String(reflecting: error))
            }

            #expect(descriptions.count >= 12)
            for text in descriptions {
                #expect(!text.contains(secret), "token in error: \(text)")
                #expect(!text.contains("Bearer"), "Authorization header in error: \(text)")
            }
            let lines = capture.all
            #expect(!lines.isEmpty, "the client logs its requests at debug level")
            for line in lines {
                #expect(!line.contains(secret), "token in log: \(line)")
                #expect(!line.lowercased().contains("authorization"), "Authorization header in log: \(line)")
                #expect(!line.contains("Bearer"), "Authorization header in log: \(line)")
            }
        }
    }
}

/// The OAuth authorize page as an endpoint: a 200 HTML answer.
private struct AuthorizePage: Endpoint {
    var clientID: String
    var path: String { "/oauth/authorize" }
    var queryItems: [URLQueryItem] { [URLQueryItem(name: "client_id", value: clientID)] }
    var requiresToken: Bool { false }
}
