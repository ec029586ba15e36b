import Foundation
import IceboxTestSupport
import Testing

@testable import MastodonTestServer

@Suite("Tokens, access policy and rate limits")
struct AccessTests {
    @Test func homeAndVerifyCredentialsNeedAToken() async throws {
        try await withTestServer { server in
            for path in ["/api/v1/timelines/home", "/api/v1/accounts/verify_credentials", "/api/v1/bookmarks"] {
                let anonymous = try await fetch(server.url(path))
                #expect(anonymous.status == 401)
                #expect(anonymous.object["error"] as? String == "The access token is invalid")
                let wrong = try await fetch(server.url(path), token: "nope")
                #expect(wrong.status == 401)
            }
            let me = try await fetch(server.url("/api/v1/accounts/verify_credentials"), token: "test-token")
            #expect(me.status == 200)
            #expect(me.object["username"] as? String == "alice")
            #expect(me.object["acct"] as? String == "alice")
            #expect(await server.setToken("bobs", username: "bob"))
            let bob = try await fetch(server.url("/api/v1/accounts/verify_credentials"), token: "bobs")
            #expect(bob.object["username"] as? String == "bob")
        }
    }

    @Test func unknownPathIs404() async throws {
        try await withTestServer { server in
            let missing = try await fetch(server.url("/api/v1/nothing/here"))
            #expect(missing.status == 404)
            #expect(missing.object["error"] as? String == "Record not found")
        }
    }

    @Test func rateLimitHeadersCountDownThen429() async throws {
        try await withTestServer({ $0.rateLimit = RateLimit(limit: 3, window: 60) }) { server in
            var remaining: [String] = []
            for _ in 0..<3 {
                let page = try await fetch(server.url("/api/v1/timelines/public?limit=1"), token: "test-token")
                #expect(page.status == 200)
                #expect(page.header("X-RateLimit-Limit") == "3")
                let reset = try #require(page.header("X-RateLimit-Reset"))
                #expect(
                    reset.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$"#, options: .regularExpression) != nil)
                remaining.append(page.header("X-RateLimit-Remaining") ?? "")
            }
            #expect(remaining == ["2", "1", "0"])
            let refused = try await fetch(server.url("/api/v1/timelines/public?limit=1"), token: "test-token")
            #expect(refused.status == 429)
            #expect(refused.object["error"] as? String == "Too many requests")
            #expect(refused.header("X-RateLimit-Remaining") == "0")
            // Anonymous callers have their own budget.
            let anonymous = try await fetch(server.url("/api/v1/timelines/public?limit=1"))
            #expect(anonymous.status == 200)
            await server.resetRateLimits()
            let again = try await fetch(server.url("/api/v1/timelines/public?limit=1"), token: "test-token")
            #expect(again.status == 200)
        }
    }

    @Test func anonymousFeedsCanBeRefusedOrDisabled() async throws {
        try await withTestServer({
            $0.timelinesAccess = TimelinesAccess(
                liveFeedsLocal: .authenticated, liveFeedsRemote: .disabled,
                hashtagFeedsLocal: .authenticated, hashtagFeedsRemote: .authenticated)
        }) { server in
            let refused = try await fetch(server.url("/api/v1/timelines/public?local=true"))
            #expect(refused.status == 422)
            #expect(refused.object["error"] as? String == "This method requires an authenticated user")
            let allowed = try await fetch(server.url("/api/v1/timelines/public?local=true"), token: "test-token")
            #expect(allowed.status == 200 && !allowed.ids.isEmpty)
            let disabled = try await fetch(server.url("/api/v1/timelines/public?remote=true"), token: "test-token")
            #expect(disabled.status == 200)
            #expect(disabled.body == Data("[]".utf8))
            let tag = try await fetch(server.url("/api/v1/timelines/tag/swift"))
            #expect(tag.status == 422)
            let instance = try await fetch(server.url("/api/v2/instance"))
            let access = ((instance.object["configuration"] as? [String: Any])?["timelines_access"] as? [String: Any])
            #expect((access?["live_feeds"] as? [String: String])?["remote"] == "disabled")
            #expect((access?["hashtag_feeds"] as? [String: String])?["local"] == "authenticated")
        }
    }

    @Test func requestLogRecordsEveryAPIRequest() async throws {
        try await withTestServer { server in
            _ = try await fetch(server.url("/api/v1/timelines/home?limit=2"), token: "test-token")
            _ = try await fetch(server.url("/api/v1/timelines/home?limit=2&max_id=1"), token: "test-token")
            _ = try await fetch(server.url("/api/v1/timelines/public"))
            _ = try await fetch(server.url("/__admin/state"))
            let log = await server.requestLog()
            #expect(log.count == 3)
            #expect(log.to("/api/v1/timelines/home").count == 2)
            #expect(log[1].value("max_id") == "1" && log[1].hasCursor && log[1].hadToken)
            #expect(log[2].hadToken == false && log[2].status == 200)
        }
    }
}
