import ArchiveCore
import Foundation
import Models
import Testing

/// A status's raw JSON comes back byte for byte through every read, however the store keeps it (SQLite
/// keeps the author's account object apart, schema/0019_accounts_once.sql): escapes in the account
/// object, the same object in two statuses, a boost of the author's own post, an edit's earlier version.
@Suite(.serialized) struct RawJSONRoundTripTests {
    static let account =
        #"{"id":"7","username":"ren\u00e9","acct":"ren\u00e9","display_name":"Ren\u00e9 \ud83d\udc1d","#
        + #""url":"https:\/\/rt.example\/@ren\u00e9","note":"<p>\"q\" \\ b<\/p>","fields":[],"emojis":[]}"#

    static func status(_ id: Int, edited: String? = nil, boosting inner: String? = nil) throws -> ArchivableStatus {
        let edit = edited.map { "\"\($0)\"" } ?? "null"
        let reblog = inner.map { #","reblog":\#($0)"# } ?? ""
        let json =
            #"{"id":"\#(id)","uri":"https://rt.example/s/\#(id)","created_at":"2024-05-01T00:00:0\#(id).000Z","#
            + #""edited_at":\#(edit),"account" : \#(account),"content":"<p>round trip \#(id)\#(edited ?? "")</p>","#
            + #""visibility":"public","mentions":[],"tags":[],"emojis":[]\#(reblog)}"#
        return try ArchivableStatus(decoding: Data(json.utf8), servedBy: "rt.example")
    }

    @Test(arguments: StoreKind.allCases)
    func everyReadOfAStatusGetsTheBytesItsServerSent(_ kind: StoreKind) async throws {
        try await TestStore.with(kind, "roundtrip") { test in
            let store = test.store
            let original = try Self.status(1)
            let boost = try Self.status(3, boosting: String(decoding: original.raw, as: UTF8.self))
            let page = [original, try Self.status(2), boost]
            _ = try await store.store(page, server: "rt.example")
            for status in page {
                let uri = status.status.archiveURI
                #expect(try await store.rawJSON(uri: uri) == status.raw, "\(kind) rawJSON(uri:) \(uri)")
                // findStatus takes a boost's uri to the post it boosts: its own row is read by uri only.
                guard status.status.reblog == nil else { continue }
                let number = try #require(try await store.findStatus(uri))
                #expect(try await store.status(number: number).raw == status.raw, "\(kind) status(number:) \(uri)")
                #expect(try await store.exportRecords([number]).first?.raw == status.raw, "\(kind) export \(uri)")
            }
            let edit = try Self.status(2, edited: "2024-05-02T00:00:00.000Z")
            _ = try await store.store([edit], server: "rt.example")
            let number = try #require(try await store.findStatus(edit.status.archiveURI))
            let status = try await store.status(number: number)
            #expect(status.raw == edit.raw, "\(kind) the edit")
            #expect(status.versions.map(\.raw) == [page[1].raw], "\(kind) the earlier version byte for byte")
            #expect(try await store.exportRecords([number]).first?.earlierVersions == [page[1].raw], "\(kind)")
        }
    }
}
