import ArchiveCore
import Foundation
import IceboxTestSupport
import Models
import Testing

/// Where statuses came from, and imports, on each store: a sync's timelines and a fetch's server are
/// said alike; an import runs in one transaction on both, keeping nothing when it fails.
@Suite(.serialized) struct ProvenanceConformanceTests {
    @Test(arguments: StoreKind.allCases)
    func aSyncedStatusSaysWhichTimelinesSawItAndAFetchedOneItsServer(_ kind: StoreKind) async throws {
        try await withTestServer { server in
            try await TestStore.with(kind, "provenance") { test in
                _ = try await StoreConformanceTests.syncAlice(server, into: test)
                let host = "\(server.baseURL.host ?? ""):\(server.baseURL.port ?? 0)"
                let uri = try #require(try await test.store.allStatusURIs().first)
                let number = try #require(try await test.store.findStatus(uri))
                let synced = try await test.store.provenance(of: number)
                #expect(!synced.isEmpty && synced.allSatisfy { $0.kind == .sync && $0.detail.hasSuffix(" on \(host)") })
                // A status read outside any timeline (a thread's context) is a fetch from its server.
                let json =
                    #"{"id":"999999","uri":"https://elsewhere.example/s/1","created_at":"2024-01-01T00:00:00.000Z","account":{"id":"1","username":"zed","acct":"zed@elsewhere.example"},"content":"<p>fetched</p>","visibility":"public"}"#
                _ = try await test.store.store(
                    [try ArchivableStatus(decoding: Data(json.utf8))], server: "elsewhere.example")
                let fetched = try #require(try await test.store.findStatus("https://elsewhere.example/s/1"))
                #expect(
                    try await test.store.provenance(of: fetched) == [
                        StatusProvenance(kind: .fetch, detail: "elsewhere.example")
                    ])
                #expect(
                    try await test.store.exportRecords([fetched]).first?.sources == [
                        StatusProvenance(kind: .fetch, detail: "elsewhere.example")
                    ])
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func anImportRunsInOneTransaction(_ kind: StoreKind) async throws {
        try await TestStore.with(kind, "import") { test in
            let json =
                #"{"id":"5","uri":"https://files.example/s/5","created_at":"2024-01-01T00:00:00.000Z","account":{"id":"1","username":"ann","acct":"ann"},"content":"<p>from a file</p>","visibility":"public"}"#
            let status = try ArchivableStatus(decoding: Data(json.utf8), servedBy: "files.example")
            let source = ImportSource(format: "jsonl", file: "a.jsonl", server: "files.example")
            struct Stop: Error {}
            // A failing import keeps nothing, on either store, and its error comes out as it is.
            await #expect(throws: Stop.self) {
                try await test.store.importAtomically(source) { sink in
                    _ = try sink.store(
                        [ImportedStatus(status: status, source: nil, entry: "line 1", hasServerID: true)],
                        unreadable: [])
                    _ = try sink.recordReferences([
                        ImportedReference(
                            accountHandle: "ann@files.example", kind: .favourite,
                            uri: "https://files.example/s/5")
                    ])
                    throw Stop()
                }
            }
            #expect(try await test.store.allStatusURIs().isEmpty)
            #expect(try await test.store.references(kind: nil).isEmpty)
            try await test.store.importAtomically(source) { sink in
                _ = try sink.store(
                    [
                        ImportedStatus(
                            status: status, source: Data("{\"line\":1}".utf8), entry: "line 1",
                            hasServerID: true)
                    ], unreadable: [])
                _ = try sink.recordReferences([
                    ImportedReference(
                        accountHandle: "ann@files.example", kind: .favourite,
                        uri: "https://files.example/s/5")
                ])
            }
            let number = try #require(try await test.store.findStatus("https://files.example/s/5"))
            #expect(
                try await test.store.provenance(of: number) == [
                    StatusProvenance(kind: .import, detail: "jsonl a.jsonl (line 1)")
                ])
            #expect(try await test.store.importedSource(of: number, format: "jsonl") == Data("{\"line\":1}".utf8))
            #expect(try await test.store.references(kind: .favourite).map(\.resolved) == [true])
        }
    }
}
