import Foundation
import IceboxTestSupport
import Testing

/// `--store` as a user may mistype it: a scheme Icebox does not speak is bad usage (never a folder
/// of that name), and a PostgreSQL server that is not there is said in a sentence naming host:port and
/// why, with 69 (EX_UNAVAILABLE: the service is not there; try again when it is).
@Suite(.serialized) struct StoreURLTests {
    @Test func anUnknownSchemeIsAUsageErrorNamingTheSchemesSupported() async throws {
        let cli = try CLI()
        for url in ["mysql://icebox@127.0.0.1/archive", "sqlite:///tmp/archive.sqlite", "http://127.0.0.1:9/db"] {
            for command in [["stats"], ["timeline", "add", "home"]] {
                let result = try await cli.run(command + ["--store", url])
                #expect(result.status == 64, "\(command) \(url): \(result.status) \(result.stderr)")
                #expect(
                    result.stderr.contains(String(url.prefix { $0 != ":" }) + "://")
                        && result.stderr.contains("postgres://"),
                    "\(result.stderr)")
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.home.path).isEmpty)
        // Taken for a path, the URL made folders named after it in the working folder.
        for scheme in ["mysql:", "sqlite:", "http:"] {
            #expect(!FileManager.default.fileExists(atPath: scheme), "\(scheme) was made")
        }
    }

    @Test func anUnreachablePostgreSQLIsASentenceNamingHostPortAndCause() async throws {
        let closed = try RefusingPort()
        let cli = try CLI()
        let url = "postgres://icebox@127.0.0.1:\(closed.port)/icebox?sslmode=disable"
        for command in [["stats"], ["timeline", "add", "home"], ["search", "kite"]] {
            let result = try await cli.run(command + ["--store", url], environment: ["PGPASSWORD": "unused"])
            #expect(result.status == 69, "\(command): \(result.status) \(result.stderr)")
            #expect(
                result.stderr.contains("127.0.0.1:\(closed.port)")
                    && result.stderr.lowercased().contains("connection refused"),
                "\(command): \(result.stderr)")
            #expect(
                !result.stderr.contains("SingleConnectionFailure") && !result.stderr.contains("errno"),
                "\(result.stderr)")
        }
        withExtendedLifetime(closed) {}
    }
}
