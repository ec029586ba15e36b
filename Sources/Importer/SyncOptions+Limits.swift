import Foundation
import MastodonAPI
import Transport

extension SyncOptions {
    /// The bounds of every API request of a sync: idle timeout, total deadline, minimum rate, and
    /// the page cap (``RequestLimits/defaultMaxBodyBytes`` of decoded JSON).
    public var requestLimits: RequestLimits {
        RequestLimits(idleTimeout: timeout, deadline: max(requestDeadline, timeout), minimumRate: minimumRate)
    }
}
