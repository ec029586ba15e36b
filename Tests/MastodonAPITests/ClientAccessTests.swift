import Foundation
import IceboxTestSupport
import Logging
import MastodonAPI
import MastodonTestServer
import Models
import Testing

/// `MastodonClient` against the in-process `TestServer` on 127.0.0.1.
@Suite struct ClientAccessTests {
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

}
