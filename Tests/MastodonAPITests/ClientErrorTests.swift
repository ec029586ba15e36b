import Foundation
import IceboxTestSupport
import Logging
import MastodonAPI
import MastodonTestServer
import Models
import Testing

/// `MastodonClient` against the in-process `TestServer` on 127.0.0.1.
@Suite struct ClientErrorTests {
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
            guard case .tokenRefused(let named, _, let address, let text) = unwrapped else {
                Issue.record("expected .tokenRefused, got \(unwrapped)")
                return
            }
            #expect(named == server.hostAndPort)
            #expect(address == "http://\(server.hostAndPort)")
            #expect(text == "The access token is invalid")
            #expect(unwrapped.httpStatus == 401)
            #expect(unwrapped.exitStatus == .noPermission)
            #expect(unwrapped.description.contains("icebox account add http://\(server.hostAndPort) --replace"))
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

}
