import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How a transfer ended, as its receiver is told when it makes the outcome (see ``TransferReceiver``).
public enum TransferEnd<Refusal: Error & Sendable>: Sendable {
    /// The whole answer came: its status line and headers.
    case completed(HTTPURLResponse)
    /// The transport stopped it at one of its bounds.
    case limit(TransferLimit)
    /// The receiver refused the answer (its status, its type, a redirect's target…).
    case refused(Refusal)
    /// The task waiting for it was cancelled.
    case cancelled
    /// The connection failed (refused, reset, timed out while idle, a TLS failure…).
    case failed(any Error)
}
