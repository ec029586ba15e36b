import Foundation
import MastodonTestServer

/// Starts a test server on 127.0.0.1 (150 synthetic statuses plus Fixtures/ unless `configure`
/// says otherwise), runs `body`, and always stops it.
public func withTestServer(
    _ configure: (inout TestServerConfig) -> Void = { _ in },
    _ body: (TestServer) async throws -> Void
) async throws {
    var config = TestServerConfig()
    config.statusCount = 150
    config.fixturesDirectory = Repository.fixtures
    configure(&config)
    let server = try await TestServer.start(config)
    do {
        try await body(server)
    } catch {
        await server.stop()
        throw error
    }
    await server.stop()
}
