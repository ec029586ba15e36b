import Foundation
import IceboxTestSupport
import Logging
import MastodonAPI
import MastodonTestServer
import Transport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The repository's Fixtures/ folder, found from this file's location.
let fixturesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures", isDirectory: true)

/// The token the test server gives `alice` by default.
let aliceToken = "test-token"

extension TestServer {
    /// The server's address as the client takes it.
    var address: ServerAddress { get throws { try ServerAddress(baseURL.absoluteString) } }

    /// `127.0.0.1:PORT`, the host errors must name.
    var hostAndPort: String { "127.0.0.1:\(port)" }

    /// A client of this server, with or without a token.
    func client(
        token: String? = aliceToken, timeout: TimeInterval = 20,
        logger: Logger = Logger(label: "icebox.tests")
    ) throws -> MastodonClient {
        MastodonClient(server: try address, token: token, timeout: timeout, logger: logger)
    }
}

/// Calls `body` and returns the `APIError` it throws; `nil` if it succeeds.
func apiError<T>(_ body: () async throws(APIError) -> T) async -> APIError? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error
    }
}

/// Everything a logger was asked to log, as text (message, event metadata, handler metadata).
final class LogCapture: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ line: String) {
        lock.lock()
        lines.append(line)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }

    /// A logger at `.trace` whose every record lands here.
    func logger() -> Logger {
        var logger = Logger(label: "icebox.tests.capture") { _ in CapturingLogHandler(capture: self) }
        logger.logLevel = .trace
        return logger
    }
}

struct CapturingLogHandler: LogHandler {
    let capture: LogCapture
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace
    var metadataProvider: Logger.MetadataProvider?

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        let rendered = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        capture.append("\(event.level) \(event.message) \(rendered) \(event.error.map { "\($0)" } ?? "")")
    }
}

/// Plain GET outside the client (for the OAuth authorize page, which is HTML).
func plainGet(_ url: URL) async throws -> (status: Int, body: Data) {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    let session = URLSession(configuration: configuration)
    let (data, response) = try await session.data(from: url)
    return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
}

/// The value of query parameter `name` in the link with `rel` of a raw `Link` header, parsed by hand
/// (independently of `LinkHeader`).
func linkParameter(_ header: String?, rel: String, _ name: String) -> String? {
    guard let header else { return nil }
    for part in header.components(separatedBy: ",") {
        let pieces = part.components(separatedBy: ";")
        guard pieces.count >= 2,
            pieces.dropFirst().contains(where: { $0.trimmingCharacters(in: .whitespaces) == "rel=\"\(rel)\"" })
        else { continue }
        let target = pieces[0].trimmingCharacters(in: CharacterSet(charactersIn: " <>"))
        return URLComponents(string: target)?.queryItems?.first { $0.name == name }?.value
    }
    return nil
}

/// Whitespace-trimmed bytes.
func trimmed(_ data: Data) -> Data {
    let space: Set<UInt8> = [0x20, 0x0A, 0x0D, 0x09]
    guard let first = data.firstIndex(where: { !space.contains($0) }),
        let last = data.lastIndex(where: { !space.contains($0) })
    else { return Data() }
    return Data(data[first...last])
}

/// The OAuth authorize page as an endpoint: a 200 HTML answer.
struct AuthorizePage: Endpoint {
    var clientID: String
    var path: String { "/oauth/authorize" }
    var queryItems: [URLQueryItem] { [URLQueryItem(name: "client_id", value: clientID)] }
    var requiresToken: Bool { false }
}
