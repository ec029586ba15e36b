import FlyingFox
import FlyingSocks
import Foundation

/// A Mastodon-shaped HTTP API on 127.0.0.1 over a seeded synthetic corpus plus real fixture statuses.
///
/// ```swift
/// let server = try await TestServer.start(TestServerConfig())
/// defer { Task { await server.stop() } }
/// let url = server.baseURL.appendingPathComponent("api/v1/timelines/public")
/// ```
///
/// All state lives in an actor; the methods here change or inspect it while the server runs.
public final class TestServer: Sendable {
    /// `http://127.0.0.1:PORT` (or the configured loopback address; no trailing slash).
    public let baseURL: URL
    /// The port actually bound.
    public let port: UInt16
    let state: ServerState
    private let http: HTTPServer
    private let task: Task<Void, any Error>

    private init(baseURL: URL, port: UInt16, state: ServerState, http: HTTPServer, task: Task<Void, any Error>) {
        self.baseURL = baseURL
        self.port = port
        self.state = state
        self.http = http
        self.task = task
    }

    /// Errors from ``start(_:)``.
    public enum StartError: Error {
        /// The listening socket did not report a port.
        case noPort
        /// Test servers listen only on 127.0.0.0/8.
        case notLoopback(String)
    }

    /// Builds the corpus, binds 127.0.0.1:`config.port` and starts serving.
    public static func start(_ config: TestServerConfig = TestServerConfig()) async throws -> TestServer {
        let state = try ServerState(config: config)
        guard config.bindAddress.hasPrefix("127.") else { throw StartError.notLoopback(config.bindAddress) }
        let address = try sockaddr_in.inet(ip4: config.bindAddress, port: config.port)
        let http = HTTPServer(address: address, timeout: 3600, logger: .disabled, handler: Gateway(state: state))
        let task = Task { try await http.run() }
        do {
            try await http.waitUntilListening(timeout: 10)
        } catch {
            task.cancel()
            throw error
        }
        guard case .ip4(_, let port)? = await http.listeningAddress else {
            task.cancel()
            throw StartError.noPort
        }
        NoDelay.enable(onListenerAt: port)
        let base = "http://\(config.bindAddress):\(port)"
        await state.setBase(base)
        return TestServer(baseURL: URL(string: base)!, port: port, state: state, http: http, task: task)
    }

    /// Stops listening and closes connections.
    public func stop() async {
        await http.stop(timeout: 0)
        task.cancel()
    }

    /// A URL under ``baseURL``, e.g. `url("/api/v1/timelines/home?limit=40")`.
    public func url(_ pathAndQuery: String) -> URL {
        URL(string: baseURL.absoluteString + (pathAndQuery.hasPrefix("/") ? "" : "/") + pathAndQuery)!
    }
}
