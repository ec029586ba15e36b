import CLazyCurl
import Foundation

/// The libcurl easy handles of one ``BoundedTransport``, kept between requests so that each keeps its
/// connections open (libcurl's connection cache lives in the handle), and the threads its requests run
/// on: a request blocks a thread in `curl_easy_perform`, never a thread of Swift's cooperative pool.
///
/// At most `most` requests run at once, each on a thread of its own; the others wait in line, and a
/// thread whose request ends takes the next one, so a burst of requests never makes more than `most`
/// threads. A request halted while it waits (a deadline, a cancellation) ends at once when its turn comes.
final class EasyHandles: @unchecked Sendable {
    private let lock = NSLock()
    private let most: Int
    /// Handles not in use, with their open connections.
    private var idle: [UnsafeMutableRawPointer] = []
    /// Requests waiting for a thread, oldest first (a short line: callers bound their requests).
    private var waiting: [EasyExchange] = []
    /// Threads running requests.
    private var running = 0
    /// The most threads that ran requests at once so far.
    private var mostRunning = 0
    init(most: Int) { self.most = max(1, most) }

    deinit { for handle in idle { icebox_curl_easy_close(handle) } }

    /// The most threads that have run this transport's requests at once.
    var mostThreadsAtOnce: Int { lock.withLock { mostRunning } }

    /// Runs `exchange` on a thread as soon as one of the `most` is free; it ends by finishing its control.
    func run(_ exchange: EasyExchange) {
        let startsThread: Bool = lock.withLock {
            waiting.append(exchange)
            guard running < most else { return false }
            running += 1
            mostRunning = max(mostRunning, running)
            return true
        }
        guard startsThread else { return }
        // The thread holds no request of its own: each is taken from the line and let go once it ends,
        // so nothing of an answer outlives its request (issue #30).
        let thread = Thread { [self] in
            // The name `top -H`, `perf` and /proc show (Foundation's `Thread.name` does not reach them).
            icebox_name_this_thread("icebox-transfer")
            while let next = take() { perform(next) }
        }
        thread.start()
    }

    /// The next request in line; nil, with this thread counted out, when there is none.
    private func take() -> EasyExchange? {
        lock.withLock {
            guard !waiting.isEmpty else {
                running -= 1
                return nil
            }
            return waiting.removeFirst()
        }
    }

    /// Performs `exchange` on an idle handle (or a new one), then keeps the handle for the next request.
    private func perform(_ exchange: EasyExchange) {
        guard let handle = lock.withLock({ idle.popLast() }) ?? icebox_curl_easy_open() else {
            return exchange.fail(
                URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "libcurl could not make a handle"]))
        }
        exchange.perform(on: handle)
        lock.withLock { idle.append(handle) }
    }
}
