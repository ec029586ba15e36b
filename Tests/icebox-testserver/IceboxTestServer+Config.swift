import ArgumentParser
import Foundation
import MastodonTestServer

extension IceboxTestServer {
    /// The server configuration from the command-line options.
    func makeConfig() throws -> TestServerConfig {
        var config = TestServerConfig()
        config.port = port
        config.seed = seed
        config.statusCount = statuses
        config.localAccountCount = localAccounts
        config.remoteAccountCount = remoteAccounts
        config.domain = domain
        config.homeShare = homeShare
        config.fanCount = fans
        config.rateLimit = RateLimit(limit: rateLimit, window: rateWindow)
        guard let access = FeedAccess(rawValue: anonymousAccess) else {
            throw ValidationError("--anonymous-access must be public, authenticated or disabled")
        }
        config.timelinesAccess = TimelinesAccess(all: access)
        if !token.isEmpty {
            config.tokens = Dictionary(
                token.map { entry -> (String, String) in
                    let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
                    return (parts[0], parts.count > 1 ? parts[1] : "alice")
                }, uniquingKeysWith: { _, last in last })
        }
        if let fixtures {
            config.fixturesDirectory = URL(fileURLWithPath: fixtures, isDirectory: true)
        }
        return config
    }
}
