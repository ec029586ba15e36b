import Foundation
import Logging
import MastodonAPI
import Models
import Transport

/// A timeline read without an account (`remote:SERVER`, `tag:NAME@SERVER`) asked for once before it is
/// pinned, so that an https address for an http server, a dead port or a server that keeps its public
/// timelines to its users is said when it is typed, not found at the first sync.
public enum TimelineProbe {
    /// Why the anonymous timeline `spec` of `server` cannot be read now, or `nil` when one page of it can
    /// (or `spec` is not read anonymously). One request, bounded by `limits`.
    public static func problem(
        reading spec: TimelineSpec, from server: ServerAddress, limits: RequestLimits, logger: Logger
    ) async -> String? {
        let endpoint: any Endpoint
        switch spec {
        case .remote: endpoint = Timelines.pub(local: true)
        case .remoteTag(let tag, _): endpoint = Timelines.hashtag(tag: tag)
        default: return nil
        }
        let client = MastodonClient(server: server, token: nil, limits: limits, logger: logger)
        do {
            _ = try await client.statuses(endpoint, cursor: PageCursor(limit: 1))
            return nil
        } catch {
            return error.description
        }
    }
}
