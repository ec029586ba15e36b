import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The account page shows the profile's avatar and header as the media archive keeps them (issue 44),
/// from the reader's own `/media/<sha256>`, never from the server's address, and each version in the
/// profile history with the avatar it had.
@Suite(.serialized) struct ServeProfileImagesTests {
    @Test(arguments: ServedStore.allCases) func theAccountPageShowsTheKeptImages(_ kind: ServedStore) async throws {
        let server = try await TestServer.startHome(statuses: 5)
        defer { Task { await server.stop() } }
        #expect(await server.addStatus(username: "alice", text: "kites at dawn", spoilerText: "") != nil)
        let home = try TemporaryDirectory("icebox-serve-profile-images")
        let binary = CommandRunner.productsDirectory.appending(path: "icebox")
        func icebox(_ arguments: [String], stdin: String? = nil) async throws {
            let result = try await CommandRunner.run(binary, arguments + ["--home", home.path], stdin: stdin)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        try await icebox(["account", "add", server.baseURL.absoluteString, "--token-stdin"], stdin: "test-token\n")
        try await icebox(["timeline", "add", "home"])
        try await icebox(["sync", "--quiet"])
        #expect(await server.setProfileImages(avatar: "/media/avatars/alice-2.png", header: nil, username: "alice"))
        #expect(await server.addStatus(username: "alice", text: "kites at noon", spoilerText: "") != nil)
        try await icebox(["sync", "--quiet"])
        let listed = try await CommandRunner.run(
            binary, ["account", "profile", "--versions", "--json", "--home", home.path])
        let versions = try #require(
            try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let avatars = versions.compactMap { $0["avatar_sha256"] as? String }
        let header = try #require(versions.last?["header_sha256"] as? String)
        #expect(avatars.count == 2 && Set(avatars).count == 2, "\(versions)")

        guard let process = try await kind.serve(home) else { return }
        defer { process.running.signal(SIGTERM) }
        let page = try await process.served.get("/accounts/alice@icebox.test").body
        let top = try #require(page.firstRange(of: "<div class=\"profile-images\">").map { page[$0.lowerBound...] })
        #expect(top.hasPrefix("<div class=\"profile-images\"><img class=\"header\" src=\"/media/\(header)\""))
        #expect(top.contains("<img class=\"avatar\" src=\"/media/\(avatars[1])\""), "the current avatar")
        #expect(page.contains("Profile history: 2 versions"))
        #expect(page.contains("<li><img class=\"avatar\" src=\"/media/\(avatars[0])\" alt=\"avatar\"> first seen"))
        #expect(!page.contains("/media/avatars/") && !page.contains("/media/headers/"), "no server address")
        for sha256 in avatars + [header] {
            let file = try await process.served.get("/media/\(sha256)")
            #expect(file.status == .ok, "/media/\(sha256)")
        }
    }
}
