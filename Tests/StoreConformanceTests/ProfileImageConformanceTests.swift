import ArchiveCore
import Foundation
import IceboxTestSupport
import Models
import Testing

/// The images of profile versions (issue 44), on each store: an author's avatar and header are media
/// to fetch when avatars are asked for; once stored, each version keeps its file by hash, which neither
/// other bytes later served at the same address nor a garbage collection takes from it.
@Suite struct ProfileImageConformanceTests {
    private static let origin = "kites.example"

    /// A post of dan's with his profile showing `avatar` and `header`.
    private static func post(_ id: Int, name: String, avatar: String, header: String) throws -> ArchivableStatus {
        let json = """
            {"id":"\(id)","uri":"https://\(origin)/users/dan/statuses/\(id)","created_at":"2024-05-0\(id)T09:00:00.000Z",
             "account":{"id":"3","username":"dan","acct":"dan","uri":"https://\(origin)/users/dan",
                        "url":"https://\(origin)/@dan","display_name":"\(name)","note":"",
                        "avatar":"https://\(origin)/\(avatar)","header":"https://\(origin)/\(header)"},
             "content":"<p>kites \(id)</p>","visibility":"public"}
            """
        return try ArchivableStatus(decoding: Data(json.utf8), servedBy: origin)
    }

    private static func hash(_ character: Character) -> String { String(repeating: character, count: 64) }

    @Test(arguments: StoreKind.allCases)
    func eachVersionKeepsTheFilesOfItsImages(_ kind: StoreKind) async throws {
        try await TestStore.with(kind, "profile-images") { test in
            let store = test.store
            _ = try await store.store(
                [try Self.post(1, name: "Dan", avatar: "a1.png", header: "h.png")], server: Self.origin)
            _ = try await store.store(
                [try Self.post(2, name: "Dan", avatar: "a2.png", header: "h.png")], server: Self.origin)
            let avatar1 = "https://\(Self.origin)/a1.png"
            let avatar2 = "https://\(Self.origin)/a2.png"
            let header = "https://\(Self.origin)/h.png"
            // dan is no account of the archive's: his images are fetched only when avatars are asked for.
            let without = try await store.pendingMedia(previews: false, avatars: false, retryFailed: false).jobs
            #expect(!without.contains { $0.candidates.contains(header) })
            let asked = try await store.pendingMedia(previews: false, avatars: true, retryFailed: false).jobs
            #expect(asked.contains(PendingMedia(kind: "header", candidates: [header])))
            #expect(asked.contains(PendingMedia(kind: "avatar", candidates: [avatar1])))
            #expect(asked.contains(PendingMedia(kind: "avatar", candidates: [avatar2])))

            for (url, kind, sha256) in [(avatar1, "avatar", "1"), (avatar2, "avatar", "2"), (header, "header", "3")] {
                try await store.recordMediaStored(
                    url: url, kind: kind, sha256: Self.hash(Character(sha256)), size: 10, mime: "image/png", ext: "png")
            }
            #expect(try await store.keepProfileImages() == 4, "two avatars, and the header of both versions")
            #expect(try await store.keepProfileImages() == 0, "a kept image is kept once")
            let pending = try await store.pendingMedia(previews: false, avatars: true, retryFailed: false).jobs
            #expect(!pending.contains { $0.kind == "avatar" || $0.kind == "header" }, "\(pending)")
            var versions = try await store.profileVersions(of: "dan@\(Self.origin)")
            #expect(versions.map(\.avatarSha256) == [Self.hash("1"), Self.hash("2")])
            #expect(versions.map(\.headerSha256) == [Self.hash("3"), Self.hash("3")])

            // The server serves other bytes at the first avatar's address now: the first version keeps
            // the file it had, which garbage collection leaves alone.
            try await store.recordMediaStored(
                url: avatar1, kind: "avatar", sha256: Self.hash("4"), size: 10, mime: "image/png", ext: "png")
            _ = try await store.keepProfileImages()
            versions = try await store.profileVersions(of: "dan@\(Self.origin)")
            #expect(versions.first?.avatarSha256 == Self.hash("1"))
            let collected = try await store.forgetUnreferencedMedia(dryRun: false)
            #expect(collected.forgotten == 0, "the versions' addresses are referred to")
            #expect(!collected.unreferenced.map(\.sha256).contains(Self.hash("1")), "\(collected.unreferenced)")
            #expect(try await store.mediaExtension(sha256: Self.hash("1")) == "png")
        }
    }
}
