import Foundation
import MastodonTestServer

/// What a benchmark of the real `icebox` binary works with: the binary, a loopback test server to sync
/// from, and a scratch folder of its own (make a home, start a server, run the binary).
struct BinaryBench: Sendable {
    /// The binary measured.
    let binary: URL
    /// The loopback test server, started with the benchmark's configuration.
    let server: TestServer
    /// A fresh folder under the temporary folder, removed when the benchmark ends.
    let scratch: URL

    /// Starts a test server with `config` and runs `body` with it, `icebox`'s binary and a scratch
    /// folder named after `name` (made unique); the folder is removed afterwards, whatever happens.
    static func run<T>(
        _ icebox: IceboxBinary, serving config: TestServerConfig, scratch name: String,
        _ body: (BinaryBench) async throws -> T
    ) async throws -> T {
        let server = try await TestServer.start(config)
        let scratch = FileManager.default.temporaryDirectory.appending(path: "\(name)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        return try await body(BinaryBench(binary: icebox.url, server: server, scratch: scratch))
    }

    /// Runs the binary with `arguments`, measured (see ``Measured/run(_:_:stdin:)``).
    func measure(_ arguments: [String], stdin: String? = nil) async throws -> Measured {
        try await Measured.run(binary, arguments, stdin: stdin)
    }

    /// Adds alice's account on the server and pins her home, in the archive `arguments` name (see
    /// ``Measured/pinHome(_:on:_:)``).
    func pinHome(_ arguments: [String]) async throws {
        try await Measured.pinHome(binary, on: server.baseURL, arguments)
    }
}
