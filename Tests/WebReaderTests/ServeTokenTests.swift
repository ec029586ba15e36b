import Foundation
import IceboxTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `icebox serve token add|list|remove` (issue 45): a token is printed once, kept only as its hash in a
/// file only its owner may read, listed without itself, and removed at once, also from a running serve.
@Suite(.serialized) struct ServeTokenTests {
    @Test func aTokenIsPrintedOnceKeptHashedAndListedWithoutItself() async throws {
        let home = try await SignInArchive.copy()
        let added = try await SignInArchive.icebox(home, "serve", "token", "add", "ci")
        #expect(added.status == 0, "\(added.stderr)")
        let token = added.stdout.trimmingCharacters(in: .newlines)
        #expect(added.stdout == token + "\n", "the token alone on stdout")
        #expect(
            token.count == 43 && token.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_".contains($0)) })
        #expect(!added.stderr.contains(token))

        let path = home.url.appending(path: "api-tokens.json").path
        var info = stat()
        #expect(
            lstat(path, &info) == 0 && info.st_mode & 0o777 == 0o600, "mode \(String(info.st_mode & 0o777, radix: 8))")
        let file = try String(contentsOfFile: path, encoding: .utf8)
        // The SHA-256 as coreutils computes it, not as Icebox does.
        let summed = try await CommandRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["sha256sum"], stdin: token)
        let digest = String(try #require(summed.stdout.split(separator: " ").first))
        #expect(digest.count == 64)
        #expect(!file.contains(token) && file.contains(digest), "the hash is kept, never the token")

        let listed = try await SignInArchive.icebox(home, "serve", "token", "list")
        #expect(listed.status == 0 && !listed.stdout.contains(token))
        #expect(listed.stdout.hasPrefix("ci\t@\(SignInArchive.alice)\tscript\t"), "\(listed.stdout)")
        #expect(listed.stdout.contains("…" + token.suffix(4)))
        let json = try await SignInArchive.icebox(home, "serve", "token", "list", "--json")
        let records = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(
            records.count == 1 && records[0]["name"] as? String == "ci" && records[0]["kind"] as? String == "script")
        #expect(
            records[0]["account"] as? String == SignInArchive.alice
                && records[0]["last_four"] as? String == String(token.suffix(4)))
        #expect(!json.stdout.contains(token) && !json.stdout.contains(digest))

        let twice = try await SignInArchive.icebox(home, "serve", "token", "add", "ci")
        #expect(
            twice.status == 64 && twice.stdout.isEmpty && twice.stderr.contains("named ci exists"), "\(twice.stderr)")
        let nobody = try await SignInArchive.icebox(
            home, "serve", "token", "add", "other", "--account", "nobody@nowhere.example")
        #expect(nobody.status == 64 && nobody.stdout.isEmpty, "\(nobody.stderr)")
        let missing = try await SignInArchive.icebox(home, "serve", "token", "remove", "nosuch")
        #expect(missing.status == 64 && missing.stderr.contains("no API token named nosuch"), "\(missing.stderr)")
        let removed = try await SignInArchive.icebox(home, "serve", "token", "remove", "ci")
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect((try await SignInArchive.icebox(home, "serve", "token", "list")).stdout.isEmpty)
    }

    @Test func aRemovedTokenStopsWorkingInARunningServeAtOnce() async throws {
        let home = try await SignInArchive.copy()
        try await SignInArchive.serving(home) { served in
            let added = try await SignInArchive.icebox(
                home, "serve", "token", "add", "script", "--account", SignInArchive.alice)
            let token = added.stdout.trimmingCharacters(in: .newlines)
            let answer = try await served.get("/api/v1/apps/verify_credentials", bearer: token)
            #expect(answer.status == .ok && jsonField(answer.body, "name") as? String == "script", "\(answer.body)")
            #expect(
                (try await served.get("/api/v1/apps/verify_credentials", bearer: token + "x")).status == .unauthorized)
            let removed = try await SignInArchive.icebox(home, "serve", "token", "remove", "script")
            #expect(removed.status == 0, "\(removed.stderr)")
            let after = try await served.get("/api/v1/apps/verify_credentials", bearer: token)
            #expect(
                after.status == .unauthorized
                    && jsonField(after.body, "error") as? String == "The access token is invalid")
        }
    }
}
