import Foundation
import IceboxTestSupport
import Logging
import MastodonAPI
import MastodonTestServer
import Models
import Testing
import Transport

/// `MastodonClient` against the in-process `TestServer` on 127.0.0.1.
@Suite struct ClientRequestTests {
    @Test func urlCarriesHashtagFiltersAndCursors() throws {
        let client = MastodonClient(
            server: try ServerAddress("http://127.0.0.1:3000"), token: nil,
            logger: Logger(label: "icebox.tests"))
        let endpoint = Timelines.hashtag(
            tag: "swift", any: ["ios", "mac os"], all: ["linux"], none: ["nsfw", "a&b"],
            local: true)
        let url = client.url(
            for: endpoint,
            cursor: PageCursor(
                maxID: "01HE7Y3C432WRSNS10EZM86SA5", minID: "-9",
                limit: 40))
        let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
        #expect(components.scheme == "http")
        #expect(components.host == "127.0.0.1")
        #expect(components.port == 3000)
        #expect(components.path == "/api/v1/timelines/tag/swift")
        let items = (components.queryItems ?? []).map { "\($0.name)=\($0.value ?? "")" }
        #expect(
            items == [
                "any[]=ios", "any[]=mac os", "all[]=linux", "none[]=nsfw", "none[]=a&b", "local=true",
                "max_id=01HE7Y3C432WRSNS10EZM86SA5", "min_id=-9", "limit=40",
            ])

        // No query at all when there is nothing to send.
        let home = client.url(for: Timelines.home)
        #expect(home.absoluteString == "http://127.0.0.1:3000/api/v1/timelines/home")
        // Only a cursor.
        let paged = client.url(for: Timelines.bookmarks, cursor: PageCursor(maxID: "17"))
        #expect(paged.absoluteString == "http://127.0.0.1:3000/api/v1/bookmarks?max_id=17")
        // A tag needing escaping stays one path segment.
        let odd = client.url(for: Timelines.hashtag(tag: "a/b?c"))
        #expect(
            URLComponents(url: odd, resolvingAgainstBaseURL: false)?.percentEncodedPath
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
