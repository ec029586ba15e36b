import Foundation

/// A busy thread on each core while it lives, so that a test shows a bound that holds whatever the
/// scheduler does, not only while the process under test gets the CPU promptly.
final class CPULoad: @unchecked Sendable {
    private let lock = NSLock()
    private var running = true

    init(threads: Int = ProcessInfo.processInfo.activeProcessorCount) {
        for _ in 0..<max(threads, 1) {
            Thread { [self] in
                var spin = 0
                while lock.withLock({ running }) { for _ in 0..<10_000 { spin &+= 1 } }
            }.start()
        }
    }

    /// Lets the threads end.
    func stop() { lock.withLock { running = false } }
}
