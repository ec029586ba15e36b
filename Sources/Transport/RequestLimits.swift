import Foundation

/// How long and how much one API request may take. A server decides how fast and how much it sends,
/// so every request ends: within `deadline` in total, sooner when no byte comes for `idleTimeout` or
/// when the body arrives slower than `minimumRate`, and as soon as the decoded body passes `maxBodyBytes`.
public struct RequestLimits: Sendable, Hashable {
    /// No byte for this long ends the request (`--timeout`).
    public var idleTimeout: TimeInterval
    /// The whole request, headers and body, ends after this long (`--deadline`).
    public var deadline: TimeInterval
    /// Bytes per second, averaged from the start of the request, below which it is given up once
    /// `rateGrace` has passed (`--min-rate`); 0 turns the check off.
    public var minimumRate: Double
    /// How long a slow start is forgiven before `minimumRate` applies.
    public var rateGrace: TimeInterval
    /// The largest body kept, counted after decompression. A page of 40 statuses is usually well
    /// under 1 MiB; 16 MiB leaves room for statuses with long texts and many attachments.
    public var maxBodyBytes: Int

    /// The default page cap: 16 MiB of decoded JSON.
    public static let defaultMaxBodyBytes = 16 << 20

    public init(
        idleTimeout: TimeInterval = 30, deadline: TimeInterval = 120, minimumRate: Double = 512,
        rateGrace: TimeInterval = 20, maxBodyBytes: Int = RequestLimits.defaultMaxBodyBytes
    ) {
        self.idleTimeout = idleTimeout
        self.deadline = deadline
        self.minimumRate = minimumRate
        self.rateGrace = rateGrace
        self.maxBodyBytes = maxBodyBytes
    }
}
