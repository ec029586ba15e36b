import Foundation
import MediaFiles
import Transport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Receives one download for ``BoundedTransport``: refuses what is plainly not wanted (an error status,
/// a page instead of media, more than the size cap declared), writes and hashes the rest into its
/// temporary file, and at the end hands the file over or removes it. The transport keeps the deadline,
/// the minimum rate, the size bound and the refusal of compressed bodies, and calls this one piece at
/// a time (see ``TransferReceiver``).
final class DownloadReceiver: TransferReceiver, @unchecked Sendable {
    let temporary: URL
    private let handle: FileHandle
    private let options: MediaOptions
    /// Whether a redirect's target may be fetched (see ``MediaDownloader/check(_:)``).
    private let check: @Sendable (URL) throws(MediaFailure) -> Void
    private var hasher = SHA256()
    private var size: Int64 = 0
    private var declaredLength: Int64 = -1
    private var declaredType: String?
    /// The first bytes, to recognise HTML pages and media formats.
    private var head = Data()

    init(
        temporary: URL, handle: FileHandle, options: MediaOptions,
        check: @escaping @Sendable (URL) throws(MediaFailure) -> Void
    ) {
        self.temporary = temporary
        self.handle = handle
        self.options = options
        self.check = check
    }

    /// Checks the status line and headers before any byte of the body is kept. Media is sent as it is
    /// stored (images, video and audio are compressed already; Icebox asks for `identity`): the
    /// transport refuses a compressed body as the bytes that came on the wire, never expanded.
    func receive(_ response: HTTPURLResponse) -> MediaFailure? {
        guard (200..<300).contains(response.statusCode), response.statusCode != 204 else {
            return .http(response.statusCode)
        }
        declaredType = MediaContent.declaredType(response.value(forHTTPHeaderField: "Content-Type"))
        if let why = MediaContent.refusal(declared: declaredType) { return .notMedia(why) }
        declaredLength = response.expectedContentLength
        if declaredLength > options.maxFileSize { return .tooLarge(limit: options.maxFileSize) }
        return nil
    }

    /// Writes and hashes a piece of the body, unless it shows the body is not wanted.
    func receive(_ data: Data) -> MediaFailure? {
        if head.count < 512 {
            head.append(data.prefix(512 - head.count))
            if let why = MediaContent.refusal(firstBytes: head) { return .notMedia(why) }
        }
        size += Int64(data.count)
        do {
            try handle.write(contentsOf: data)
        } catch {
            return .storage("\(temporary.path): \(error.localizedDescription)")
        }
        hasher.update(data)
        return nil
    }

    func redirect(to target: URL) -> MediaFailure? {
        do throws(MediaFailure) {
            try check(target)
            return nil
        } catch {
            return error
        }
    }

    /// Ends the download: the file is flushed to disk and handed over, or removed and the reason given.
    func finish(_ end: TransferEnd<MediaFailure>) -> Result<DownloadedFile, MediaFailure> {
        var failure: MediaFailure?
        switch end {
        case .completed:
            if declaredLength >= 0, size != declaredLength {
                failure = .lengthMismatch(declared: declaredLength, received: size)
            } else if size == 0 {
                failure = .notMedia("an empty body")
            }
        case .limit(let limit): failure = describe(limit)
        case .refused(let refusal): failure = refusal
        case .cancelled: failure = .transport("cancelled")
        case .failed(let error):
            if declaredLength >= 0, size < declaredLength {
                failure = .lengthMismatch(declared: declaredLength, received: size)
            } else {
                failure = Self.describe(error)
            }
        }
        if failure == nil {
            do { try handle.synchronize() } catch {
                failure = .storage("\(temporary.path): \(error.localizedDescription)")
            }
        }
        try? handle.close()
        if let failure {
            try? FileManager.default.removeItem(at: temporary)
            return .failure(failure)
        }
        let type = MediaContent.mediaType(declared: declaredType, firstBytes: head)
        return .success(
            DownloadedFile(
                temporary: temporary, sha256: hasher.hexDigest(), size: size, mime: type,
                ext: MediaContent.storedExtension(firstBytes: head)))
    }

    /// A bound the transport kept, in the words of the media options that set it.
    private func describe(_ limit: TransferLimit) -> MediaFailure {
        switch limit {
        case .tooLarge: .tooLarge(limit: options.maxFileSize)
        case .deadline(let seconds):
            .tooSlow(String(format: "no complete file within the %.0f s deadline (--media-deadline)", seconds))
        case .tooSlow(let rate, let minimum):
            .tooSlow(String(format: "%.0f bytes/s, below the minimum of %.0f (--media-min-rate)", rate, minimum))
        case .compressed(let encoding):
            .notMedia("a compressed body (Content-Encoding: \(encoding)); media must be sent as stored")
        case .tooManyRedirects: .tooManyRedirects
        }
    }

    private static func describe(_ error: any Error) -> MediaFailure {
        if let refusal = error as? AddressPolicy.Refusal { return .refusedAddress(refusal.description) }
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
