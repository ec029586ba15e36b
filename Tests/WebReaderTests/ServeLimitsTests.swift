import ArchiveCore
import Foundation
import HTTPTypes
import IceboxTestSupport
import Synchronization
import Testing

@testable import WebReader

/// What bounds the work a request can make: a total counted once however many ask for it at the same
/// time, a query's number of terms (in serve and the CLI alike), and connections that send no whole
/// request (a header trickled a byte at a time, or nothing).
@Suite(.serialized) struct ServeLimitsTests {
    @Test func concurrentFirstRequestsForATotalCountItOnce() async throws {
        let cache = CountCache()
        let counted = Counter()
        let key = CountCache.Key(question: "search:zebra", consent: .off, bound: 1_001)
        try await withThrowingTaskGroup(of: [Int].self) { group in
            for _ in 0..<20 {
                group.addTask {
                    try await cache.counts(key, token: "t1") {
                        counted.value.withLock { $0 += 1 }
                        try await Task.sleep(for: .milliseconds(100))
                        return [7]
                    }
                    .counts
                }
            }
            for try await counts in group { #expect(counts == [7]) }
        }
        #expect(counted.value.withLock { $0 } == 1, "20 first requests, one count")
        // An exact total counted since answers the bounded question, as exact.
        var exact = key
        exact.bound = nil
        _ = try await cache.counts(exact, token: "t1") { [1_234] }
        let bounded = try await cache.counts(key, token: "t1") { [1_001] }
        #expect(bounded.counts == [1_234] && bounded.bound == nil)
    }

    @Test func aQueryOfTooManyTermsIsRefusedNamingTheLimit() async throws {
        let archive = try #require(try await ServedStore.sqlite.archive())
        let many = Array(repeating: "zebra", count: 2_000).joined(separator: " OR ")
        try await archive.serving { served in
            let answer = try await served.get("/search?q=" + ServeDataTests.encoded(many))
            #expect(answer.status == .badRequest)
            #expect(answer.body.contains("at most 100"), "names the limit")
            let json = try await served.get("/search?q=" + ServeDataTests.encoded(many), json: true)
            #expect(json.status == .badRequest && json.body.contains("at most 100"))
            let fine = Array(repeating: "hostile", count: 50).joined(separator: " OR ")
            #expect((try await served.get("/search?q=" + ServeDataTests.encoded(fine))).status == .ok)
        }
        let cli = try await archive.icebox("search", many)
        #expect(cli.status == 64 && cli.stderr.contains("at most 100"), "\(cli.stderr.prefix(300))")
    }

    @Test func aConnectionWithoutAWholeRequestIsClosed() async throws {
        let archive = try #require(try await ServedStore.sqlite.archive())
        try await archive.serving(["--idle-timeout", "1"]) { served in
            // A header trickled a byte every 0.2 s, and a connection that says nothing: both closed by the
            // reader (at most 30 s are given before calling them open).
            let script = """
                import socket, sys, time, threading
                port = int(sys.argv[1])
                def silent(result):
                    s = socket.create_connection(("127.0.0.1", port)); s.settimeout(30)
                    try: result["silent"] = "closed" if s.recv(1) == b"" else "answered"
                    except socket.timeout: result["silent"] = "open"
                def trickle(result):
                    s = socket.create_connection(("127.0.0.1", port))
                    header = f"GET / HTTP/1.1\\r\\nHost: 127.0.0.1:{port}\\r\\nX-Padding: " + "a" * 1000
                    deadline = time.time() + 30
                    for byte in header:
                        if time.time() > deadline: break
                        try: s.send(byte.encode())
                        except OSError: result["trickle"] = "closed"; return
                        time.sleep(0.2)
                    result["trickle"] = "open"
                result = {}
                threads = [threading.Thread(target=f, args=(result,)) for f in (silent, trickle)]
                for t in threads: t.start()
                for t in threads: t.join()
                print(result["silent"], result["trickle"])
                """
            let result = try await CommandRunner.run(
                URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, "\(served.port)"])
            #expect(
                result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "closed closed",
                "\(result.stdout) \(result.stderr)")
            #expect((try await served.get("/")).status == .ok, "the reader still answers")
        }
    }
}

/// A number tasks add to.
final class Counter: Sendable {
    let value = Mutex(0)
}
