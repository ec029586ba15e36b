import ArchiveCore
import Foundation
import IceboxTestSupport
import Models
import Testing

/// A file speaks only for what it owns, on each store (issue 42): a server id a file names never
/// displaces one the server gave, is never what a server is asked about (`sync --recheck`, edit
/// histories), and a media file a file brings never replaces the one a sync stored for that URL, nor
/// keeps the server from being asked for it once.
@Suite(.serialized) struct FileServerIDConformanceTests {
    static let home = "home.example"

    /// A post of home.example as `id` there, optionally replying to `parent` (an id there).
    static func status(
        id: String, uri: String, content: String, parent: String? = nil, edited: Bool = false, media: [String] = [],
        remoteURL: String? = nil
    ) throws -> ArchivableStatus {
        let reply = parent.map { #","in_reply_to_id":"\#($0)""# } ?? ""
        let edit = edited ? #","edited_at":"2024-02-01T00:00:00.000Z""# : ""
        let remote = remoteURL.map { #""\#($0)""# } ?? "null"
        let attachments = media.enumerated().map {
            #"{"id":"\#($0.offset + 1)","type":"image","url":"\#($0.element)","remote_url":\#(remote)}"#
        }
        let json =
            #"{"id":"\#(id)","uri":"\#(uri)","created_at":"2024-01-01T00:00:00.000Z","account":{"id":"1","username":"ann","acct":"ann","url":"https://home.example/@ann"},"content":"<p>\#(content)</p>","visibility":"public","media_attachments":[\#(attachments.joined(separator: ","))]\#(reply)\#(edit)}"#
        return try ArchivableStatus(decoding: Data(json.utf8), servedBy: home)
    }

    /// Imports `statuses` as a WARC file under home.example's URLs would: ids the file says are home's.
    static func importing(
        _ statuses: [ArchivableStatus], media: [ImportedMedia] = [], into store: any ArchiveStore
    ) async throws {
        let source = ImportSource(format: "warc", file: "forged.warc.gz", server: home)
        try await store.importAtomically(source) { sink in
            _ = try sink.store(
                statuses.map { ImportedStatus(status: $0, source: nil, entry: "record", hasServerID: true) },
                unreadable: [])
            for item in media { try sink.recordMedia(item) }
        }
    }

    static let real = "https://home.example/users/ann/statuses/70"
    /// The hashes of a file's copy and of the server's file in the media tests.
    private static let forged = String(repeating: "f", count: 64)
    private static let fetched = String(repeating: "a", count: 64)

    /// Imports a file's copy (``forged``) of each URL.
    private static func importingForgedMedia(_ urls: [String], into store: any ArchiveStore) async throws {
        let media = urls.map { ImportedMedia(url: $0, sha256: forged, size: 9, mime: "image/png", ext: "png") }
        try await importing([], media: media, into: store)
    }

    /// Records the server's file (``fetched``) of a URL, as a media fetch does.
    private static func storingFetched(_ url: String, into store: any ArchiveStore) async throws {
        try await store.recordMediaStored(
            url: url, kind: "original", sha256: fetched, size: 10, mime: "image/png", ext: "png")
    }

    /// Records that the server answered 404 for a URL, as a media fetch does.
    private static func failing(_ url: String, in store: any ArchiveStore, permanent: Bool = true) async throws {
        try await store.recordMediaFailure(
            url: url, kind: "original", permanent: permanent, reason: permanent ? "HTTP 404" : "HTTP 503",
            httpStatus: permanent ? 404 : 503)
    }

    @Test(arguments: StoreKind.allCases)
    func aRecheckAsksOnlyTheIdTheServerGaveWhicheverCameFirst(_ kind: StoreKind) async throws {
        for fileFirst in [true, false] {
            try await TestStore.with(kind, "file-ids-recheck") { test in
                let forged = try Self.status(id: "0", uri: Self.real, content: "forged")
                let served = try Self.status(id: "70", uri: Self.real, content: "real")
                if fileFirst { try await Self.importing([forged], into: test.store) }
                _ = try await test.store.store([served], server: Self.home)
                if !fileFirst { try await Self.importing([forged], into: test.store) }
                let asked = try await test.store.recheckCandidates(
                    server: Self.home, since: "2000-01-01", after: 0, limit: 10)
                #expect(asked.map(\.localID) == ["70"], "file first: \(fileFirst)")
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aFileNeverRepointsAServersIdToItsForgery(_ kind: StoreKind) async throws {
        try await TestStore.with(kind, "file-ids-repoint") { test in
            let parent = try Self.status(id: "100", uri: Self.real, content: "parent")
            let reply = try Self.status(
                id: "101", uri: "https://home.example/users/ann/statuses/71", content: "reply", parent: "100")
            _ = try await test.store.store([parent, reply], server: Self.home)
            let forgery = try Self.status(
                id: "100", uri: "https://home.example/users/ann/statuses/666", content: "forgery")
            try await Self.importing([forgery], into: test.store)
            let parentNumber = try #require(try await test.store.findStatus(Self.real))
            let replyNumber = try #require(
                try await test.store.findStatus("https://home.example/users/ann/statuses/71"))
            let thread = try await test.store.thread(around: replyNumber)
            #expect(thread.numbers.contains(parentNumber), "the real parent stays in the thread")
            let forged = try #require(
                try await test.store.findStatus("https://home.example/users/ann/statuses/666"))
            #expect(!thread.numbers.contains(forged), "the forgery is no parent")
            #expect(try await test.store.serverIDs(of: parentNumber).map(\.localID) == ["100"])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func anEditedPostFromAFileAsksNoServerForItsHistory(_ kind: StoreKind) async throws {
        try await TestStore.with(kind, "file-ids-history") { test in
            try await Self.importing(
                [try Self.status(id: "55", uri: Self.real, content: "edited", edited: true)], into: test.store)
            #expect(try await test.store.wantedEditHistories(server: Self.home, limit: 10).isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aFilesMediaNeverReplacesTheFileASyncStoredForItsURL(_ kind: StoreKind) async throws {
        try await TestStore.with(kind, "file-media") { test in
            let url = "https://home.example/system/media/a.png"
            try await Self.storingFetched(url, into: test.store)
            let other = "https://home.example/system/media/new.png"
            try await Self.importingForgedMedia([url, other], into: test.store)
            #expect(try await test.store.mediaFile(forURL: url)?.sha256 == Self.fetched)
            #expect(try await test.store.mediaFile(forURL: other)?.sha256 == Self.forged, "a URL not stored is filled")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aFilesMediaIsPendingForTheServerOnceAndKeptWhenTheServerDoesNotServeIt(_ kind: StoreKind) async throws {
        try await TestStore.with(kind, "file-media-first") { test in
            let served = "https://home.example/system/media/served.png"
            let missing = "https://home.example/system/media/missing.png"
            let post = try Self.status(id: "70", uri: Self.real, content: "pictures", media: [served, missing])
            _ = try await test.store.store([post], server: Self.home)
            try await Self.importingForgedMedia([served, missing], into: test.store)
            let pending = {
                try await test.store.pendingMedia(previews: false, avatars: false, retryFailed: false).jobs
                    .flatMap(\.candidates).sorted()
            }
            #expect(try await pending() == [missing, served], "a file's copies are asked of the server")

            try await Self.storingFetched(served, into: test.store)
            // A failure that may pass (a 503, pacing, a timeout) asks again next time.
            try await Self.failing(missing, in: test.store, permanent: false)
            #expect(try await pending() == [missing], "a failure that may pass leaves the file's copy pending")
            #expect(try await test.store.mediaFile(forURL: missing)?.sha256 == Self.forged, "and keeps it")
            try await Self.failing(missing, in: test.store)
            #expect(try await test.store.mediaFile(forURL: served)?.sha256 == Self.fetched, "the server's replaces")
            #expect(try await test.store.mediaFile(forURL: missing)?.sha256 == Self.forged, "a 404 keeps the file's")
            #expect(try await pending().isEmpty, "asked once")

            try await Self.importingForgedMedia([served], into: test.store)
            #expect(try await test.store.mediaFile(forURL: served)?.sha256 == Self.fetched, "and stays the server's")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func anAttachmentShowsTheServersFileBeforeAFilesWhicheverOfItsURLsEachFills(_ kind: StoreKind) async throws {
        try await TestStore.with(kind, "file-media-shown") { test in
            let remote = "https://origin.example/files/a.png"
            let local = "https://home.example/cache/a.png"
            let post = try Self.status(id: "70", uri: Self.real, content: "picture", media: [local], remoteURL: remote)
            _ = try await test.store.store([post], server: Self.home)
            let number = try #require(try await test.store.findStatus(Self.real))
            try await Self.importingForgedMedia([remote], into: test.store)
            try await Self.storingFetched(local, into: test.store)
            let shown = try await test.store.exportRecords([number]).first?.attachments.first?.original?.sha256
            #expect(shown == Self.fetched, "the server's file of its url, not the file's of its remote_url")
        }
    }
}
