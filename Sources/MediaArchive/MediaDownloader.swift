import Foundation
import MastodonAPI

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A file downloaded and hashed, waiting in the temporary folder to be renamed into place.
struct DownloadedFile: Sendable {
    var temporary: URL
    var sha256: String
    var size: Int64
    var mime: String
    var ext: String
}

/// Downloads one URL at a time into `media/.tmp/`, hashing the bytes as they arrive, and stops as
/// soon as the answer is plainly not wanted: an error status, an HTML page, more than the size cap.
/// One per concurrent download, each with its own URLSession, so hashing runs in parallel.
final class MediaDownloader: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let layout: MediaLayout
    private let options: MediaOptions
    private let policy: AddressPolicy
    private let lock = NSLock()
    /// Transfers in flight by task id; each is only touched on the session's serial delegate queue
    /// once registered.
    private var transfers: [Int: Transfer] = [:]
    private var session: URLSession!

    /// The most redirects followed before a URL counts as a loop.
    static let maxRedirects = 8

    init(layout: MediaLayout, options: MediaOptions) {
        self.layout = layout
        self.options = options
        policy = AddressPolicy(trustedOrigins: options.trustedOrigins)
        super.init()
        let configuration = EphemeralSessions.configuration()
        configuration.timeoutIntervalForRequest = options.timeout
        configuration.timeoutIntervalForResource = options.deadline
        configuration.httpAdditionalHeaders = [
            "User-Agent": "Icebox/\(IceboxVersion.string) (media archive)",
            "Accept": "image/*, video/*, audio/*, */*;q=0.5",
            "Accept-Encoding": "identity",
        ]
        configuration.httpMaximumConnectionsPerHost = 2
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
    }

    /// Lets the session go (it holds its delegate until then).
    func invalidate() { session.finishTasksAndInvalidate() }

    /// Whether Icebox fetches this URL at all: https, or plain http to a loopback host (test servers);
    /// never reserved names that cannot resolve; never a private address (see ``AddressPolicy``).
    func check(_ url: URL) throws(MediaFailure) {
        guard let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else {
            throw .refusedURL("not a fetchable URL: \(url.absoluteString)")
        }
        let bare = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        for reserved in ["example", "invalid", "test"] where bare == reserved || bare.hasSuffix(".\(reserved)") {
            throw .unresolvableHost(host)
        }
        if ["example.com", "example.net", "example.org"].contains(where: { bare == $0 || bare.hasSuffix(".\($0)") }) {
            throw .unresolvableHost(host)
        }
        switch scheme {
        case "https": break
        case "http" where options.allowPlainHTTPLoopback && ServerAddress.isLoopback(host): break
        case "http": throw .refusedURL("plain http:// is fetched only from loopback hosts; \(host) must use https://")
        default: throw .refusedURL("unsupported scheme \(scheme)://")
        }
        try policy.check(url)
    }

    /// Downloads `url` into a new temporary file and hashes it. On failure nothing is left behind.
    func download(_ url: URL) async throws(MediaFailure) -> DownloadedFile {
        try check(url)
        guard !Task.isCancelled else { throw .transport("cancelled") }
        let temporary = try layout.newTemporaryFile()
        let handle: FileHandle
        do {
            handle = try FileHandle(forWritingTo: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw .storage("\(temporary.path): \(error.localizedDescription)")
        }
        let task = session.dataTask(with: URLRequest(url: url))
        let transfer = Transfer(url: url, temporary: temporary, handle: handle, options: options)
        lock.withLock { transfers[task.taskIdentifier] = transfer }
        // A dispatch timer, not a sleeping Task: it fires even when the cooperative pool is busy. It and
        // a cancellation answer at once; the delegate cleans up whenever the task's completion comes.
        let timer = DispatchWorkItem {
            transfer.expire()
            transfer.outcome.fulfil(.failure(transfer.deadlineFailure))
            task.cancel()
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + options.deadline, execute: timer)
        defer { timer.cancel() }
        let result = await withTaskCancellationHandler {
            task.resume()
            return await transfer.outcome.value()
        } onCancel: {
            transfer.outcome.fulfil(.failure(.transport("cancelled")))
            task.cancel()
        }
        return try result.get()
    }

    private func transfer(_ task: URLSessionTask) -> Transfer? {
        lock.withLock { transfers[task.taskIdentifier] }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        guard let transfer = transfer(dataTask) else { return completionHandler(.cancel) }
        if transfer.failure == nil { transfer.accept(response) }
        // FoundationNetworking keeps reading the body after a `.cancel` disposition: cancel the task too.
        if transfer.failure != nil { dataTask.cancel() }
        completionHandler(transfer.failure == nil ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let transfer = transfer(dataTask), transfer.failure == nil else { return dataTask.cancel() }
        transfer.append(data)
        if transfer.failure != nil { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        guard let transfer = transfer(task) else { return completionHandler(nil) }
        transfer.redirects += 1
        if transfer.redirects > Self.maxRedirects {
            transfer.failure = .tooManyRedirects
            return completionHandler(nil)
        }
        guard let target = request.url else { return completionHandler(nil) }
        do throws(MediaFailure) {
            try check(target)
            completionHandler(request)
        } catch {
            transfer.failure = error
            completionHandler(nil)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = lock.withLock({ transfers.removeValue(forKey: task.taskIdentifier) }) else { return }
        transfer.finish(error)
    }
}
