import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What one bounded transfer does with its answer as it arrives: the part that differs between an API
/// page kept in memory (``BodyCollector``) and a media file written to disk and hashed.
///
/// The transport keeps the bounds (deadline, minimum rate, byte bound, no compression) and delivers the
/// outcome once; the receiver only looks at what passed them. Its methods are called one at a time,
/// under the transfer's lock, and never again once ``finish(_:)`` has been called, so a receiver keeps
/// its state in plain properties (hence `@unchecked Sendable` conformances).
public protocol TransferReceiver: AnyObject, Sendable {
    /// What a complete transfer gives.
    associatedtype Output: Sendable
    /// Why the receiver refused an answer, and the error the transfer then ends with.
    associatedtype Failure: Error & Sendable

    /// The status line and headers, before any byte of the body; a refusal ends the transfer.
    func receive(_ response: HTTPURLResponse) -> Failure?

    /// A piece of the body, already within the byte bound; a refusal ends the transfer.
    func receive(_ data: Data) -> Failure?

    /// Whether a redirect to `target` may be followed, when the transport follows redirects at all; a
    /// refusal ends the transfer.
    func redirect(to target: URL) -> Failure?

    /// The transfer ended, `end` saying how: the receiver makes the outcome, and lets go of what it
    /// held for a transfer that failed (a temporary file). Called once.
    func finish(_ end: TransferEnd<Failure>) -> Result<Output, Failure>
}

extension TransferReceiver {
    /// Redirects are followed wherever they lead unless the receiver says otherwise.
    public func redirect(to target: URL) -> Failure? { nil }
}
