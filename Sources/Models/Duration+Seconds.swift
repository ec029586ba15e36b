import Foundation

extension Duration {
    /// The duration in seconds, with its fraction (for reports, backoff arithmetic and timeouts).
    public var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
