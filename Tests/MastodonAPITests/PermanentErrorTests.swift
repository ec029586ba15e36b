import Foundation
import IceboxTestSupport
import Logging
import MastodonAPI
import MastodonTestServer
import Models
import Testing
import Transport

/// Which failures are worth asking again within a run, and which exit status each one ends with.
@Suite struct PermanentErrorTests {
    /// `https://` to a port that speaks plain HTTP: the handshake fails, and fails again however often
    /// it is tried.
    @Test func aFailedTLSHandshakeIsPermanent() async throws {
        let listener = try PlainTextListener()
        defer { listener.stop() }
        let address = try ServerAddress("https://127.0.0.1:\(listener.port)")
        let client = MastodonClient(
            server: address, token: aliceToken, timeout: 10, logger: Logger(label: "icebox.tests"))
        let failure = await apiError { () async throws(APIError) in
            try await client.get(Accounts.verifyCredentials, as: Account.self)
        }
        let error = try #require(failure)
        guard case .transport = error else {
            Issue.record("expected .transport, got \(error)")
            return
        }
        #expect(error.isTLSFailure, "\(error)")
        #expect(!error.isTransient)
        #expect(error.exitStatus == .unavailable)
    }

    /// A plain web server: 404 for `/api/v1/...`, an HTML page.
    @Test func a404ForTheAPIIsNotAMastodonServer() async throws {
        var config = TestServerConfig()
        config.faults.notFoundRate = 1
        let server = try await TestServer.start(config)
        defer { Task { await server.stop() } }
        let client = try server.client()
        let failure = await apiError { () async throws(APIError) in
            try await client.get(Accounts.verifyCredentials, as: Account.self)
        }
        let error = try #require(failure)
        #expect(error.httpStatus == 404)
        #expect(!error.isTransient)
        #expect(error.exitStatus == .protocolError)
    }

    @Test(arguments: [
        (400, false), (404, false), (408, true), (410, false), (422, false), (429, true),
        (500, true), (503, true),
    ])
    func onlyTimeoutsRateLimitsAndServerErrorsAreRetried(status: Int, transient: Bool) {
        let error = APIError.http(
            server: "127.0.0.1:1", path: "/api/v1/timelines/home", status: status, serverError: nil)
        #expect(error.isTransient == transient)
    }

    @Test func aRefusedAuthorizationCodeIsAPermissionError() {
        let error = APIError.http(
            server: "127.0.0.1:1", path: "/oauth/token", status: 400,
            serverError: "invalid_grant: The provided authorization grant is invalid")
        #expect(error.exitStatus == .noPermission)
    }
}
