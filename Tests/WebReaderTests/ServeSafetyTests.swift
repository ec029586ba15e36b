import Foundation
import HTTPTypes
import HummingbirdTesting
import IceboxTestSupport
import NIOCore
import Testing

/// What keeps the reader safe: loopback unless a password guards it, the Host checked (no DNS
/// rebinding), media only by hash, archived HTML through the export's allow-list.
@Suite(.serialized) struct ServeSafetyTests {
    @Test func anAddressOtherMachinesReachIsRefusedWithoutAPassword() async throws {
        let home = try TemporaryDirectory("icebox-serve-refused")
        for address in ["0.0.0.0:8080", "192.0.2.7:8080", "[::]:8080", "example.org:80"] {
            let result = try await ServedArchive.icebox(["serve", "--listen", address, "--home", home.path])
            #expect(result.status == 64, "\(address): \(result.stderr)")
            #expect(result.stderr.contains("--password-file"), "\(address)")
        }
        let bad = try await ServedArchive.icebox(["serve", "--listen", "127.0.0.1:http", "--home", home.path])
        #expect(bad.status == 64)
        #expect(!FileManager.default.fileExists(atPath: home.url.appending(path: "archive.sqlite").path))
    }

    @Test func aRequestForAnotherHostIsRefused() async throws {
        let archive = try #require(try await ServedStore.sqlite.archive())
        try await archive.serving { served in
            for host in ["evil.example", "evil.example:\(served.port)", "127.0.0.1:1", "localhost.evil.example"] {
                let (status, _, body) = try await served.get("/", authority: host)
                #expect(status == .misdirectedRequest, "\(host)")
                #expect(!body.contains("archive"), "\(host): nothing of the archive")
            }
            let noHost = try await ServedArchive.sendRaw(TestClient.Request("/", method: .get), port: served.port)
            #expect(noHost == .misdirectedRequest)
            #expect((try await served.get("/", authority: "localhost:\(served.port)")).status == .ok)
            #expect((try await served.get("/", authority: "LOCALHOST:\(served.port)")).status == .ok)
        }
    }

    @Test func mediaAreServedByHashOnly() async throws {
        let archive = try #require(try await ServedStore.sqlite.archive())
        try await archive.serving { served in
            for path in [
                "/media/../archive.sqlite", "/media/..%2Farchive.sqlite", "/media/%2e%2e/archive.sqlite",
                "/media/ab/cd/../../../archive.sqlite", "/media/credentials.json",
                "/media/" + String(repeating: "A", count: 64),
                "/media/" + String(repeating: "a", count: 64) + "./x",
            ] {
                let (status, headers, body) = try await served.get(path)
                #expect(status == .badRequest || status == .notFound, "\(path): \(status)")
                #expect(!body.contains("SQLite format") && !body.contains("token"), "\(path)")
                #expect(headers[.xContentTypeOptions] == "nosniff")
            }
            let unknown = try await served.get("/media/" + String(repeating: "0", count: 64) + ".png")
            #expect(unknown.status == .notFound)
        }
    }

    @Test func aPasswordGuardsEveryPage() async throws {
        let archive = try #require(try await ServedStore.sqlite.archive())
        let secrets = try TemporaryDirectory("icebox-serve-password")
        let file = secrets.url.appending(path: "password")
        try Data("correct horse\n".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        try await archive.serving(["--password-file", file.path]) { served in
            // Without the printed address's cookie: the password alone lets in.
            for path in ["/", "/stats", "/metrics", "/timelines/home"] {
                #expect((try await served.get(path, asOwner: false)).status == .unauthorized, "\(path)")
                let wrong = "Basic " + Data("alice:wrong".utf8).base64EncodedString()
                let refused = try await served.get(path, headers: [.authorization: wrong], asOwner: false)
                #expect(refused.status == .unauthorized)
                let right = "Basic " + Data("alice:correct horse".utf8).base64EncodedString()
                let welcome = try await served.get(path, headers: [.authorization: right], asOwner: false)
                #expect(welcome.status == .ok, "\(path)")
            }
            let challenge = try await served.get("/", asOwner: false)
            #expect(challenge.headers[.wwwAuthenticate]?.hasPrefix("Basic realm=") == true)
        }
    }

    @Test func hostileArchivedContentIsInert() async throws {
        let archive = try #require(try await ServedStore.sqlite.archive())
        let number = try #require(try await archive.hostileNumber())
        try await archive.serving { served in
            for path in ["/statuses/\(number)", "/tags/hostile", "/search?q=hostile", "/"] {
                let body = try await served.get(path).body
                #expect(!body.contains("<script>alert"), "\(path)")
                #expect(!body.contains("href=\"javascript:"), "\(path)")
                #expect(!body.contains("<img src=x"), "\(path)")
                let handler = body.firstMatch(of: #/<[a-zA-Z][^>]*\son[a-z]+\s*=/#)
                #expect(handler == nil, "\(path): no event handler in a tag")
                #expect(!body.contains("<b>bold</b>"), "\(path)")
                #expect(!body.contains(" style="), "\(path): no inline style (the CSP allows the stylesheet only)")
            }
            #expect(try await served.get("/statuses/\(number)").body.contains("&lt;/script&gt;&lt;script&gt;alert(1)"))
        }
    }

    @Test func onlyGETIsAnswered() async throws {
        let archive = try #require(try await ServedStore.sqlite.archive())
        try await archive.serving { served in
            let post = TestClient.Request(
                "/", method: .post, authority: served.authority, headers: [.cookie: served.cookie ?? ""],
                body: ByteBuffer(string: "x"))
            let status = try await ServedArchive.sendRaw(post, port: served.port)
            #expect(status == .methodNotAllowed)
        }
    }
}
