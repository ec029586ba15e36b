import Foundation

/// Settings of one media fetch.
public struct MediaOptions: Sendable {
    /// Keep attachments' preview images as well as the originals.
    public var previews = true
    /// Keep the authors' avatars and headers (every profile version's) and the custom emoji used in
    /// statuses. The archiving accounts' own profile images are kept either way.
    public var avatars = false
    /// Files larger than this are not kept (recorded as failed: too large). Mastodon itself accepts
    /// videos up to 99 MB, so nothing it hosts is cut off by the default.
    public var maxFileSize: Int64 = 100 * 1024 * 1024
    /// Downloads in flight at once.
    public var concurrency = 4
    /// Try URLs again that failed permanently before (404, 410, not media, too large…).
    public var retryFailed = false
    /// Attempts per URL within a run for transient failures (5xx, 429, timeouts, dropped connections).
    public var attempts = 3
    /// The first retry's delay; each further one doubles, with jitter.
    public var backoff: Duration = .seconds(1)
    /// Per-request timeout (no bytes for this long).
    public var timeout: TimeInterval = 60
    /// The longest one download may take in all, however its host trickles (`--media-deadline`).
    public var deadline: TimeInterval = 900
    /// Bytes per second below which a download is given up after its first 30 s (`--media-min-rate`);
    /// 0 turns the check off.
    public var minimumRate: Double = 4096
    /// How long a slow start is forgiven before `minimumRate` applies.
    public var rateGrace: TimeInterval = 30
    /// The servers statuses are archived from: media on these origins is fetched whatever address
    /// they resolve to (loopback test servers); anything else only from public addresses.
    public var trustedOrigins: [URL] = []
    /// Requests per second to one media host; loopback hosts are not paced.
    public var hostRate: Double = 8
    /// Requests to a `/media_proxy/` path: Mastodon allows about 30 per 10 minutes per client.
    public var proxyBurst = 30
    public var proxyInterval: Duration = .seconds(20)
    /// The longest a file waits for its host's pace or a 429 to clear; past it, it waits for the next run.
    public var maxPaceWait: Duration = .seconds(120)
    /// Plain `http://` is accepted only for loopback hosts (test servers); everything else must be https.
    public var allowPlainHTTPLoopback = true

    /// The defaults.
    public init() {}
}

extension MediaOptions {
    /// Reads a size as people write it: `500000`, `512K`, `100M`, `2G` (also `100MB`, `100MiB`; powers
    /// of 1024). Nil when it is not a positive size.
    public static func parseSize(_ text: String) -> Int64? {
        var digits = text.trimmingCharacters(in: .whitespaces).uppercased()
        for suffix in ["IB", "B"] where digits.hasSuffix(suffix) && digits.count > suffix.count {
            digits.removeLast(suffix.count)
            break
        }
        let units: [Character: Int64] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40]
        var multiplier: Int64 = 1
        if let last = digits.last, let unit = units[last] {
            multiplier = unit
            digits.removeLast()
        }
        guard let number = Double(digits), number > 0, number * Double(multiplier) < 9e18 else { return nil }
        return Int64((number * Double(multiplier)).rounded())
    }
}
