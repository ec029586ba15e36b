import CLazyCurl
import Foundation

/// The libcurl easy handles of one ``BoundedTransport``, kept between requests so that each keeps its
/// connections open (libcurl's connection cache lives in the handle), and the threads its requests run
/// on: each request blocks a thread of its own in `curl_easy_perform`, never a thread of Swift's
/// cooperative pool. At most `most` requests run at once; the others wait for one to end.
final class EasyHandles: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [UnsafeMutableRawPointer] = []
    private let slots: DispatchSemaphore

    init(most: Int) { slots = DispatchSemaphore(value: max(1, most)) }

    deinit { for handle in idle { icebox_curl_easy_close(handle) } }

    /// Starts `exchange` on a thread of its own; it ends by finishing its control.
    func run(_ exchange: EasyExchange) {
        let thread = Thread { [self] in
            slots.wait()
            defer { slots.signal() }
            guard let handle = lock.withLock({ idle.popLast() }) ?? icebox_curl_easy_open() else {
                return exchange.fail(
                    URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "libcurl could not make a handle"]))
            }
            exchange.perform(on: handle)
            lock.withLock { idle.append(handle) }
        }
        thread.name = "icebox-transfer"
        thread.start()
    }
}
