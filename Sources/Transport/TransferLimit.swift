import Foundation

/// A bound the transport keeps on every transfer, whoever receives the answer: why it was given up
/// before the answer was complete.
public enum TransferLimit: Sendable, Hashable {
    /// The body passed the byte bound (``RequestLimits/maxBodyBytes``).
    case tooLarge(limit: Int)
    /// The whole transfer took longer than its deadline, in seconds.
    case deadline(TimeInterval)
    /// The body came slower than the minimum rate, in bytes per second.
    case tooSlow(bytesPerSecond: Double, minimum: Double)
    /// A compressed body although none was asked for (see ``BoundedTransport``).
    case compressed(String)
    /// More redirects than the transport follows (see ``BoundedTransport/Redirects``).
    case tooManyRedirects
}
