import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// Each profile version's avatar and header are kept by hash in the media archive (issue 44): the
/// archiving account's own whenever a sync downloads media, every author's with `--with-avatars`, with
/// the media archive's rules (size limit, addresses it may reach), one refused image never keeping the
/// other from being kept.
@Suite struct ProfileImagesCLITests {
    /// The versions `account profile --versions --json` lists of `handle` (the only account's when nil).
    private func versions(_ cli: CLI, _ handle: String? = nil) async throws -> [[String: Any]] {
        let result = try await cli.run(["account", "profile", "--versions", "--json"] + (handle.map { [$0] } ?? []))
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    /// Whether the media folder holds a file of these bytes (`media/ab/cd/<sha256>.<ext>`).
    private func kept(_ sha256: Any?, in cli: CLI) -> Bool {
        guard let sha256 = sha256 as? String, sha256.count == 64 else { return false }
        let folder = cli.home.url.appending(path: "media/\(sha256.prefix(2))/\(sha256.dropFirst(2).prefix(2))")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.contains { $0.hasPrefix(sha256 + ".") }
    }

    private func sync(_ cli: CLI, _ arguments: String...) async throws -> CommandResult {
        let result = try await cli.run(["sync"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return result
    }

    @Test func theAccountsOwnAvatarAndHeaderAreKeptForEachVersion() async throws {
        let server = try await TestServer.startHome(statuses: 10)
        defer { Task { await server.stop() } }
        #expect(await server.addStatus(username: "alice", text: "kites at dawn", spoilerText: "") != nil)
        let cli = try await CLI.syncingHome(of: server)
        let first = try await versions(cli)
        #expect(first.count == 1)
        let avatar = first.first?["avatar_sha256"]
        let header = first.first?["header_sha256"]
        #expect(kept(avatar, in: cli) && kept(header, in: cli), "both images kept: \(first)")
        #expect(avatar as? String != header as? String)
        // Another author's images are not asked for without --with-avatars: named, not kept.
        let bob = try await versions(cli, "bob@icebox.test")
        #expect(bob.first?["avatar_sha256"] is NSNull && bob.first?["header_sha256"] is NSNull, "\(bob)")

        // A new avatar: a new version that keeps the new file, beside the old version and its file.
        #expect(await server.setProfileImages(avatar: "/media/avatars/alice-kites.png", header: nil, username: "alice"))
        #expect(await server.addStatus(username: "alice", text: "kites at noon", spoilerText: "") != nil)
        _ = try await sync(cli, "--quiet")
        let both = try await versions(cli)
        #expect(both.count == 2, "\(both)")
        #expect(both.first?["avatar_sha256"] as? String == avatar as? String, "the old version keeps its file")
        let newAvatar = both.last?["avatar_sha256"]
        #expect(kept(newAvatar, in: cli) && newAvatar as? String != avatar as? String)
        #expect(kept(avatar, in: cli), "the old file stays on disk")
        #expect(both.last?["header_sha256"] as? String == header as? String, "the same header is the same file")

        // With --with-avatars, every author's too.
        _ = try await sync(cli, "--quiet", "--with-avatars")
        let bobs = try await versions(cli, "bob@icebox.test")
        #expect(kept(bobs.first?["avatar_sha256"], in: cli) && kept(bobs.first?["header_sha256"], in: cli), "\(bobs)")
    }

    @Test func aHeaderTooLargeOrAnAvatarRedirectedElsewhereIsRefusedAndTheRestIsKept() async throws {
        let server = try await TestServer.startHome(statuses: 10)
        defer { Task { await server.stop() } }
        #expect(await server.addStatus(username: "alice", text: "kites at dawn", spoilerText: "") != nil)
        #expect(
            await server.setProfileImages(
                avatar: nil, header: "/media/large/300000/alice-header.png", username: "alice"))
        let cli = try await CLI.pinningHome(of: server)
        let refused = try await sync(cli, "--max-media-size", "200K")
        #expect(refused.stdout.contains("alice-header.png: larger than the"), "\(refused.stdout)")
        let first = try await versions(cli)
        #expect(first.first?["header_sha256"] is NSNull, "the header too large is not kept")
        #expect(kept(first.first?["avatar_sha256"], in: cli), "the avatar beside it is")

        // The avatar now redirects to an address that is not loopback over plain http: refused before any
        // connection; the header (now small) is kept.
        let elsewhere = "/media/hostile/redirect/alice-avatar.png?to=http://203.0.113.9/alice-avatar.png"
        #expect(
            await server.setProfileImages(
                avatar: elsewhere, header: "/media/headers/alice-small.png", username: "alice"))
        #expect(await server.addStatus(username: "alice", text: "kites at noon", spoilerText: "") != nil)
        let redirected = try await sync(cli, "--max-media-size", "200K")
        #expect(
            redirected.stdout.contains("alice-avatar.png") && redirected.stdout.contains("plain http://"),
            "\(redirected.stdout)")
        let both = try await versions(cli)
        #expect(both.count == 2)
        #expect(both.last?["avatar_sha256"] is NSNull && kept(both.last?["header_sha256"], in: cli), "\(both)")
        #expect(kept(both.first?["avatar_sha256"], in: cli), "the first version keeps its avatar")
        // --no-media asks for none of them.
        #expect(await server.setProfileImages(avatar: "/media/avatars/later.png", header: nil, username: "alice"))
        #expect(await server.addStatus(username: "alice", text: "kites at dusk", spoilerText: "") != nil)
        _ = try await sync(cli, "--quiet", "--no-media")
        #expect(try await versions(cli).last?["avatar_sha256"] is NSNull)
    }
}
