import ArchiveCore
import Foundation
import IceboxTestSupport
import Models
import SearchQuery
import Testing

/// What a file may do to the archive, the same on each store (see `ImportClaims`): add what is new,
/// never rewrite another account's post nor a server's copy, and stay visible as the file's.
@Suite(.serialized) struct ImportClaimsConformanceTests {
    private static let uri = "https://files.example/users/ann/statuses/5"

    private static func status(
        _ username: String, content: String, edited: String? = nil, acct: String? = nil,
        servedBy server: String = "files.example"
    ) throws -> ArchivableStatus {
        let edit = edited.map { #","edited_at":"\#($0)""# } ?? ""
        let json =
            #"{"id":"5","uri":"\#(uri)","created_at":"2024-01-01T00:00:00.000Z","account":{"id":"1","username":"\#(username)","acct":"\#(acct ?? username)","url":"https://files.example/@\#(username)"},"content":"<p>\#(content)</p>","visibility":"public"\#(edit)}"#
        return try ArchivableStatus(decoding: Data(json.utf8), servedBy: server)
    }

    private static func importing(
        _ status: ArchivableStatus, account: String, file: String,
        into store: any ArchiveStore
    ) async throws -> StoreResult {
        let source = ImportSource(format: "mastodon-export", file: file, server: "files.example", account: account)
        let result = ResultBox()
        try await store.importAtomically(source) { sink in
            result.value = try sink.store(
                [
                    ImportedStatus(
                        status: status, source: nil, entry: "outbox.json item 1",
                        hasServerID: true)
                ], unreadable: [])
        }
        return result.value
    }

    @Test(arguments: StoreKind.allCases)
    func anotherAccountsFileDoesNotRewriteAPostButItsOwnFileAddsAVersion(_ kind: StoreKind) async throws {
        try await TestStore.with(kind, "claims") { test in
            _ = try await Self.importing(
                try Self.status("ann", content: "ann's words"), account: "ann@files.example",
                file: "ann.zip", into: test.store)
            let forged = try Self.status("mal", content: "forged", edited: "2024-02-01T00:00:00.000Z")
            let refused = try await Self.importing(
                forged, account: "mal@files.example", file: "mal.zip", into: test.store)
            #expect(refused.refused == 1 && refused.updated == 0, "\(refused)")
            #expect(try await test.store.count(try SearchQuery(parsing: "forged")) == 0)
            let number = try #require(try await test.store.findStatus(Self.uri))
            #expect(
                try await test.store.provenance(of: number).map(\.detail) == [
                    "mastodon-export ann.zip (outbox.json item 1)"
                ])
            let edit = try Self.status("ann", content: "ann's later words", edited: "2024-02-01T00:00:00.000Z")
            let kept = try await Self.importing(edit, account: "ann@files.example", file: "ann2.zip", into: test.store)
            #expect(kept.updated == 1, "\(kept)")
            #expect(try await test.store.status(number: number).versions.count == 1)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aServersCopyStaysAndTheImportIsNoFetch(_ kind: StoreKind) async throws {
        try await TestStore.with(kind, "claims-served") { test in
            _ = try await test.store.store(
                [
                    try Self.status(
                        "ann", content: "as home sent it", acct: "ann@files.example",
                        servedBy: "home.example")
                ], server: "home.example")
            let file = try Self.status("ann", content: "rewritten", edited: "2024-02-01T00:00:00.000Z")
            let result = try await Self.importing(file, account: "ann@files.example", file: "ann.zip", into: test.store)
            #expect(result.updated == 0 && result.new == 0)
            #expect(try await test.store.count(try SearchQuery(parsing: "rewritten")) == 0)
            let number = try #require(try await test.store.findStatus(Self.uri))
            #expect(
                try await test.store.provenance(of: number) == [
                    StatusProvenance(kind: .fetch, detail: "home.example"),
                    StatusProvenance(kind: .import, detail: "mastodon-export ann.zip (outbox.json item 1)"),
                ])
        }
    }

    /// An import of the user's own export, before or after adding the account (M1 of NEWUSER-2026-11-29):
    /// `from:me` and the account's listing (what `export account`, the REPL and serve read) hold the
    /// file's post, marked as the file's until the server's copy of the uri replaces it.
    @Test(arguments: StoreKind.allCases, [true, false])
    func theUsersOwnImportedPostsStayTheirsMarkedAsTheFiles(_ kind: StoreKind, _ accountFirst: Bool) async throws {
        try await TestStore.with(kind, "claims-me") { test in
            func addAccount() async throws {
                _ = try await test.store.addAccount(
                    handle: "ann@files.example", server: "https://files.example", remoteID: "1",
                    username: "ann", displayName: "Ann", url: "https://files.example/@ann")
            }
            if accountFirst { try await addAccount() }
            _ = try await Self.importing(
                try Self.status("ann", content: "claimed"), account: "ann@files.example",
                file: "ann.zip", into: test.store)
            if !accountFirst { try await addAccount() }
            let fromMe = try SearchQuery(parsing: "from:me")
            #expect(try await test.store.count(fromMe) == 1)
            let listed = try await test.store.posts(.author("ann@files.example"), limit: 10, offset: 0)
            #expect(listed.map(\.uri) == [Self.uri])
            #expect(listed.map(\.fromFile) == [true], "marked as the file's")
            #expect(try await test.store.search(fromMe, consent: .honoured).map(\.fromFile) == [true])
            _ = try await test.store.store([try Self.status("ann", content: "confirmed")], server: "files.example")
            #expect(try await test.store.count(fromMe) == 1)
            let confirmed = try await test.store.posts(.author("ann@files.example"), limit: 10, offset: 0)
            #expect(confirmed.map(\.uri) == [Self.uri] && confirmed.map(\.fromFile) == [false])
        }
    }

    /// Round-3 finding 5: once a server's copy displaced a file's, the file speaks for nothing: its object
    /// is not what `export account` writes, and its server id is not offered as a fetch by `show`.
    @Test(arguments: StoreKind.allCases)
    func aFilesCopyDisplacedByAServersIsNeitherExportedNorAFetch(_ kind: StoreKind) async throws {
        try await TestStore.with(kind, "claims-displaced") { test in
            let forged = try Self.status("ann", content: "FORGEDWORDS")
            let object = Data(#"{"id":"\#(Self.uri)","type":"Note","content":"<p>FORGEDWORDS</p>"}"#.utf8)
            let source = ImportSource(
                format: "mastodon-export", file: "forged.zip", server: "files.example", account: "ann@files.example")
            try await test.store.importAtomically(source) { sink in
                _ = try sink.store(
                    [ImportedStatus(status: forged, source: object, entry: "outbox.json item 1", hasServerID: true)],
                    unreadable: [])
            }
            let number = try #require(try await test.store.findStatus(Self.uri))
            #expect(try await test.store.importedSource(of: number, format: "mastodon-export") == object)
            _ = try await test.store.store(
                [
                    try Self.status(
                        "ann", content: "genuine", acct: "ann@files.example", servedBy: "home.example")
                ], server: "home.example")
            #expect(try await test.store.importedSource(of: number, format: "mastodon-export") == nil)
            #expect(
                try await test.store.provenance(of: number) == [
                    StatusProvenance(kind: .fetch, detail: "home.example"),
                    StatusProvenance(kind: .import, detail: "mastodon-export forged.zip (outbox.json item 1)"),
                ])
        }
    }
}

/// A value set inside an import's body and read after it.
private final class ResultBox: @unchecked Sendable {
    var value = StoreResult()
}
