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
    /// Where the streaming API is served: ``baseURL``, or the second port (``StreamingConfig/separateOrigin``).
    public let streamingURL: URL
    let state: ServerState
    private let http: HTTPServer
    private let task: Task<Void, any Error>
    /// The second listener and the heartbeats.
    private let helpers: [Task<Void, any Error>]
    private let streamingHTTP: HTTPServer?

    private init(
        baseURL: URL, port: UInt16, state: ServerState, http: HTTPServer, task: Task<Void, any Error>,
        streaming: (url: URL, http: HTTPServer?), helpers: [Task<Void, any Error>]
    ) {
        self.baseURL = baseURL
        self.port = port
        self.state = state
        self.http = http
        self.task = task
        streamingURL = streaming.url
        streamingHTTP = streaming.http
        self.helpers = helpers
    }

    /// Errors from ``start(_:)``.
    public enum StartError: Error {
        /// The listening socket did not report a port.
        case noPort
        /// Test servers listen only on 127.0.0.0/8.
        case notLoopback(String)
    }

    /// A server of `statuses` synthetic statuses whose home timeline shows them all.
    public static func startHome(statuses: Int) async throws -> TestServer {
        var config = TestServerConfig()
        config.statusCount = statuses
        config.homeShare = 1
        return try await start(config)
    }

    /// Builds the corpus, binds 127.0.0.1:`config.port` and starts serving.
    public static func start(_ config: TestServerConfig = TestServerConfig()) async throws -> TestServer {
        let state = try ServerState(config: config)
        guard config.bindAddress.hasPrefix("127.") else { throw StartError.notLoopback(config.bindAddress) }
        let (http, task, port) = try await listen(config, Gateway(state: state), port: config.port)
        let base = "http://\(config.bindAddress):\(port)"
        var helpers: [Task<Void, any Error>] = []
        var streaming: (url: URL, http: HTTPServer?) = (URL(string: base)!, nil)
        if config.streaming.separateOrigin {
            let (second, runner, secondPort) = try await listen(config, Gateway(state: state, listener: "streaming"))
            helpers.append(runner)
            streaming = (URL(string: "http://\(config.bindAddress):\(secondPort)")!, second)
        }
        await state.setBase(base, streaming: streaming.url.absoluteString)
        let heartbeat = config.streaming.heartbeat
        helpers.append(
            Task {
                while !Task.isCancelled {
                    try await Task.sleep(for: .milliseconds(Int64(max(heartbeat, 0.05) * 1000)))
                    await state.heartbeat()
                }
            })
        return TestServer(
            baseURL: URL(string: base)!, port: port, state: state, http: http, task: task,
            streaming: streaming, helpers: helpers)
    }

    /// Starts a listener on the configured loopback address: the server's own at `port`, or one more
    /// on a free port (0). A listener that does not come up is stopped before the error is thrown.
    private static func listen(_ config: TestServerConfig, _ gateway: Gateway, port: UInt16 = 0) async throws
        -> (HTTPServer, Task<Void, any Error>, UInt16)
    {
        let address = try sockaddr_in.inet(ip4: config.bindAddress, port: port)
        let http = HTTPServer(address: address, timeout: 3600, logger: .disabled, handler: gateway)
        let task = Task { try await http.run() }
        do {
            // A guard against a listener that never comes up, not a measure: on CI's two cores, with the
            // browser, the REPL's terminals and a pass's other servers busy, the run task above was once not
            // scheduled within 10 s (ServeMirrorSyncTests at d3aa550, load average 10.5).
            try await http.waitUntilListening(timeout: 60)
        } catch {
            task.cancel()
            throw error
        }
        guard case .ip4(_, let port)? = await http.listeningAddress else {
            task.cancel()
            throw StartError.noPort
        }
        NoDelay.enable(onListenerAt: port)
        return (http, task, port)
    }

    /// Stops listening and closes connections.
    public func stop() async {
        await state.dropStreams()
        await http.stop(timeout: 0)
        await streamingHTTP?.stop(timeout: 0)
        task.cancel()
        for helper in helpers { helper.cancel() }
    }

    /// A URL under ``baseURL``, e.g. `url("/api/v1/timelines/home?limit=40")`.
    public func url(_ pathAndQuery: String) -> URL {
        URL(string: baseURL.absoluteString + (pathAndQuery.hasPrefix("/") ? "" : "/") + pathAndQuery)!
    }
}
