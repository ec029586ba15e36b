import Foundation
import HTTPTypes
import HummingbirdTesting
import IceboxTestSupport
import Logging
import MastodonTestServer
import NIOCore

#if canImport(Glibc)
    import Glibc
#endif

/// A small archive of alice's (a real sync of a test server), built once; each sign-in test serves a
/// copy of its folder of its own, so the tokens and apps one test keeps are no other test's.
enum SignInArchive {
    /// alice's handle in it.
    static let alice = "alice@icebox.test"

    private static let built = Task { () -> (server: TestServer, home: TemporaryDirectory) in
        var config = TestServerConfig()
        config.statusCount = 12
        config.homeShare = 1
        let server = try await TestServer.start(config)
        let home = try TemporaryDirectory("icebox-signin")
        _ = try await AliceArchive.sync(from: server, into: home.url, logger: Logger(label: "signin-test"))
        return (server, home)
    }

    /// A new copy of the archive's folder (mode 0700, as Icebox keeps it).
    static func copy() async throws -> TemporaryDirectory {
        let source = try await built.value.home
        let copy = try TemporaryDirectory("icebox-signin-copy")
        chmod(copy.path, 0o700)
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            try FileManager.default.copyItem(at: source.url.appending(path: name), to: copy.url.appending(path: name))
        }
        return copy
    }

    /// Runs `body` against `icebox serve` on `home`, then stops it (SIGTERM) and checks it ended gracefully.
    static func serving(_ home: TemporaryDirectory, _ body: (Served) async throws -> Void) async throws {
        try await ServeProcess.serving(["serve", "--listen", "127.0.0.1:0", "--home", home.path], body)
    }

    /// `icebox` with `--home home`.
    static func icebox(_ home: TemporaryDirectory, _ arguments: String...) async throws -> CommandResult {
        try await ServedArchive.icebox(arguments + ["--home", home.path])
    }
}

extension Served {
    /// A POST of `form` (`application/x-www-form-urlencoded`), as an app sends it, or of `json`.
    func post(
        _ path: String, form: [(String, String)] = [], json: String? = nil, headers: HTTPFields = [:],
        asOwner: Bool = false
    ) async throws -> (status: HTTPResponse.Status, headers: HTTPFields, body: String) {
        var fields = headers
        if asOwner, let cookie { fields[.cookie] = cookie }
        let body: String
        if let json {
            fields[.contentType] = "application/json"
            body = json
        } else {
            fields[.contentType] = "application/x-www-form-urlencoded"
            body = Self.form(form)
        }
        let request = TestClient.Request(
            path, method: .post, authority: authority, headers: fields, body: ByteBuffer(string: body))
        return try await Self.send(request, port: port)
    }

    /// A GET with `Authorization: Bearer token`, as an app sends it.
    func get(_ path: String, bearer: String) async throws -> (status: HTTPResponse.Status, body: String) {
        let answer = try await get(path, headers: [.authorization: "Bearer \(bearer)"], asOwner: false)
        return (answer.status, answer.body)
    }

    /// `pairs` as a form body (`+` for a space, the rest percent-encoded).
    static func form(_ pairs: [(String, String)]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~ ")
        return pairs.map { key, value in
            let encoded = value.addingPercentEncoding(withAllowedCharacters: allowed)!.replacingOccurrences(
                of: " ", with: "+")
            return "\(key)=\(encoded)"
        }.joined(separator: "&")
    }
}

/// A JSON object of an answer.
func jsonObject(_ body: String) throws -> [String: Any] {
    guard let object = try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any] else {
        throw ServeProcess.Failed("not a JSON object: \(body)")
    }
    return object
}

/// The value of `key` in the JSON object `body`; `nil` when there is none, or `body` is no JSON object.
func jsonField(_ body: String, _ key: String) -> Any? { (try? jsonObject(body))?[key] }
