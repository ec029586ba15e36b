import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session's delegate: routes callbacks to each task's transfer; follows a redirect only when the
/// transfer says so.
final class TransportDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var transfers: [Int: any TransferControl] = [:]

    func register(_ transfer: any TransferControl, for task: URLSessionTask) {
        lock.withLock { transfers[task.taskIdentifier] = transfer }
    }

    /// The request ended, answered or not: later callbacks of its task find nothing.
    func forget(_ task: URLSessionTask) {
        lock.withLock { transfers[task.taskIdentifier] = nil }
    }

    private func transfer(_ task: URLSessionTask) -> (any TransferControl)? {
        lock.withLock { transfers[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let keep = transfer(dataTask)?.accept(response) ?? false
        // FoundationNetworking keeps reading the body after a `.cancel` disposition: cancel the task too.
        if !keep { dataTask.cancel() }
        completionHandler(keep ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let transfer = transfer(dataTask) else { return dataTask.cancel() }
        if !transfer.append(data) { dataTask.cancel() }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // Not followed: the 3xx itself is the answer (or, once the transfer has stopped, its end).
        let follow = transfer(task)?.follow(request.url) ?? false
        completionHandler(follow ? request : nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = lock.withLock({ transfers.removeValue(forKey: task.taskIdentifier) }) else { return }
        transfer.finish(error)
    }
}
