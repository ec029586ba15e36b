import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Why a transfer whose body is kept in memory ended without its answer.
public enum TransferFailure: Error, Sendable {
    /// It broke one of the transport's bounds.
    case limit(TransferLimit)
    /// The connection failed, or the request was cancelled (`URLError(.cancelled)`).
    case transport(any Error)
}

/// Keeps an answer's body in memory, whatever its status (a 3xx included): what an API request needs.
/// The byte bound keeps what it holds under ``RequestLimits/maxBodyBytes``.
public final class BodyCollector: TransferReceiver, @unchecked Sendable {
    private var body = Data()

    public init() {}

    public func receive(_ response: HTTPURLResponse) -> TransferFailure? { nil }

    public func receive(_ data: Data) -> TransferFailure? {
        body.append(data)
        return nil
    }

    public func finish(_ end: TransferEnd<TransferFailure>) -> Result<(HTTPURLResponse, Data), TransferFailure> {
        defer { body = Data() }
        switch end {
        case .completed(let response): return .success((response, body))
        case .limit(let limit): return .failure(.limit(limit))
        case .refused(let failure): return .failure(failure)
        case .cancelled: return .failure(.transport(URLError(.cancelled)))
        case .failed(let error): return .failure(.transport(error))
        }
    }
}
