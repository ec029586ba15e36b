import Foundation
import Models

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One download in flight: the temporary file, the running hash, and the first reason to give up.
/// Touched only on its session's serial delegate queue once started.
final class Transfer: @unchecked Sendable {
    let url: URL
    let temporary: URL
    let handle: FileHandle
    let maxSize: Int64
    let options: MediaOptions
    private let started = ContinuousClock.now
    private let expiry = NSLock()
    private var expired = false
    /// The download's outcome, once: the first of completion, deadline and cancellation.
    let outcome = OneShot<Result<DownloadedFile, MediaFailure>>()
    /// Set at the first sign the body is not wanted; the task is then cancelled.
    var failure: MediaFailure?
    var redirects = 0
    private var hasher = SHA256()
    private var size: Int64 = 0
    private var declaredLength: Int64 = -1
    private var declaredType: String?
    /// The first bytes, to recognise HTML pages and media formats.
    private var head = Data()

    init(url: URL, temporary: URL, handle: FileHandle, options: MediaOptions) {
        self.url = url
        self.temporary = temporary
        self.handle = handle
        self.options = options
        maxSize = options.maxFileSize
    }

    /// The deadline passed (called from the timer, off the delegate queue); the task is then cancelled.
    func expire() { expiry.withLock { expired = true } }

    /// Why a download that passed its deadline failed.
    var deadlineFailure: MediaFailure {
        .tooSlow(String(format: "no complete file within the %.0f s deadline (--media-deadline)", options.deadline))
    }

    /// Checks the status line and headers before any byte of the body is kept.
    func accept(_ response: URLResponse) {
        guard let http = response as? HTTPURLResponse else {
            failure = .transport("not an HTTP response")
            return
        }
        guard (200..<300).contains(http.statusCode), http.statusCode != 204 else {
            failure = .http(http.statusCode)
            return
        }
        declaredType = MediaContent.declaredType(http.value(forHTTPHeaderField: "Content-Type"))
        if let why = MediaContent.refusal(declared: declaredType) {
            failure = .notMedia(why)
            return
        }
        // Media is sent as it is stored (images, video and audio are compressed already; Icebox asks for
        // `identity`). libcurl never decodes for Icebox (CLazyCurl), so a compressed body is refused here
        // as the bytes that came on the wire, never expanded: a decompression bomb costs its wire size.
        let encoding = http.value(forHTTPHeaderField: "Content-Encoding")?.lowercased() ?? "identity"
        guard encoding == "identity" || encoding.isEmpty else {
            failure = .notMedia("a compressed body (Content-Encoding: \(encoding)); media must be sent as stored")
            return
        }
        declaredLength = http.expectedContentLength
        if declaredLength > maxSize { failure = .tooLarge(limit: maxSize) }
    }

    /// Writes and hashes a piece of the body, unless it shows the body is not wanted.
    func append(_ data: Data) {
        if head.count < 512 {
            head.append(data.prefix(512 - head.count))
            if let why = MediaContent.refusal(firstBytes: head) {
                failure = .notMedia(why)
                return
            }
        }
        size += Int64(data.count)
        if size > maxSize {
            failure = .tooLarge(limit: maxSize)
            return
        }
        do {
            try handle.write(contentsOf: data)
        } catch {
            failure = .storage("\(temporary.path): \(error.localizedDescription)")
            return
        }
        hasher.update(data)
        let elapsed = (ContinuousClock.now - started).seconds
        if options.minimumRate > 0, elapsed > options.rateGrace, Double(size) / elapsed < options.minimumRate {
            failure = .tooSlow(String(format: "%.0f bytes/s, below the minimum of %.0f (--media-min-rate)",
                                      Double(size) / elapsed, options.minimumRate))
        }
    }

    /// Ends the transfer: the file is flushed to disk and handed over, or removed and the reason given.
    func finish(_ error: (any Error)?) {
        if failure == nil, expiry.withLock({ expired }) {
            failure = deadlineFailure
        }
        if failure == nil, let error {
            if declaredLength >= 0, size < declaredLength {
                failure = .lengthMismatch(declared: declaredLength, received: size)
            } else {
                failure = Self.describe(error)
            }
        }
        if failure == nil, declaredLength >= 0, size != declaredLength {
            failure = .lengthMismatch(declared: declaredLength, received: size)
        }
        if failure == nil, size == 0 { failure = .notMedia("an empty body") }
        if failure == nil {
            do { try handle.synchronize() } catch { failure = .storage("\(temporary.path): \(error.localizedDescription)") }
        }
        try? handle.close()
        let result: Result<DownloadedFile, MediaFailure>
        if let failure {
            try? FileManager.default.removeItem(at: temporary)
            result = .failure(failure)
        } else {
            let type = MediaContent.mediaType(declared: declaredType, firstBytes: head)
            result = .success(DownloadedFile(temporary: temporary, sha256: hasher.hexDigest(), size: size, mime: type,
                                             ext: MediaContent.storedExtension(firstBytes: head)))
        }
        // Answered already (cancelled, or past the deadline): a file completed meanwhile is not kept.
        if !outcome.fulfil(result), case .success = result { try? FileManager.default.removeItem(at: temporary) }
    }

    private static func describe(_ error: any Error) -> MediaFailure {
        let error = error as NSError
        guard error.domain == NSURLErrorDomain else { return .transport(error.localizedDescription) }
        switch error.code {
        case NSURLErrorHTTPTooManyRedirects, NSURLErrorRedirectToNonExistentLocation: return .tooManyRedirects
        case NSURLErrorTimedOut: return .transport("timed out")
        case NSURLErrorCancelled: return .transport("cancelled")
        case NSURLErrorCannotFindHost, NSURLErrorDNSLookupFailed: return .transport("cannot find the host")
        case NSURLErrorCannotConnectToHost: return .transport("cannot connect to the host")
        case NSURLErrorNetworkConnectionLost: return .transport("the connection was lost")
        default: return .transport(error.localizedDescription)
        }
    }
}
