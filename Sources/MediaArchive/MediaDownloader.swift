import Foundation
import MediaFiles
import Transport

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
/// One per concurrent download, each with its own ``BoundedTransport`` (its own connections), so hashing
/// runs in parallel.
final class MediaDownloader: Sendable {
    private let layout: MediaLayout
    private let options: MediaOptions
    private let policy: AddressPolicy
    private let transport: BoundedTransport

    /// The most redirects followed before a URL counts as a loop.
    static let maxRedirects = 8

    init(layout: MediaLayout, options: MediaOptions) {
        self.layout = layout
        self.options = options
        let policy = AddressPolicy(trustedOrigins: options.trustedOrigins)
        self.policy = policy
        let limits = RequestLimits(
            idleTimeout: options.timeout, deadline: options.deadline,
            minimumRate: options.minimumRate, rateGrace: options.rateGrace,
            maxBodyBytes: Int(clamping: options.maxFileSize))
        transport = BoundedTransport(
            limits: limits,
            headers: [
                "User-Agent": "Icebox/\(IceboxVersion.string) (media archive)",
                "Accept": "image/*, video/*, audio/*, */*;q=0.5",
            ], redirects: .followed(max: Self.maxRedirects), connectionsPerHost: 2, addresses: policy)
    }

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
        do {
            try policy.check(url)
        } catch {
            switch error {
            case .unsupportedScheme(let why): throw .refusedURL(why)
            case .notPublic(let why): throw .refusedAddress(why)
            case .unresolved(let why): throw .transport(why)
            }
        }
    }

    /// Downloads `url` into a new temporary file and hashes it. On failure nothing is left behind.
    func download(_ url: URL) async throws(MediaFailure) -> DownloadedFile {
        try check(url)
        guard !Task.isCancelled else { throw .transport("cancelled") }
        let temporary: URL
        do { temporary = try layout.newTemporaryFile() } catch { throw .storage(error.reason) }
        let handle: FileHandle
        do {
            handle = try FileHandle(forWritingTo: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw .storage("\(temporary.path): \(error.localizedDescription)")
        }
        let receiver = DownloadReceiver(temporary: temporary, handle: handle, options: options) {
            [self] (target) throws(MediaFailure) in try check(target)
        }
        return try await transport.send(URLRequest(url: url), to: receiver)
    }
}
