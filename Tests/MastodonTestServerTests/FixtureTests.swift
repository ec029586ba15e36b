import Foundation
import IceboxTestSupport
import Testing

@testable import MastodonTestServer

@Suite("Real fixture statuses")
struct FixtureTests {
    private func trimmed(_ data: Data) -> Data {
        Data(FixtureLoader.trim(Array(data)))
    }

    @Test func singleStatusFilesAreServedByteForByte() async throws {
        try await withTestServer { server in
            let file = fixturesDirectory.appendingPathComponent(
                "status_remote_reply_unknown_attachments.gotosocial-testrig.json")
            let bytes = trimmed(try Data(contentsOf: file))
            let served = try await fetch(server.url("/api/v1/statuses/01HE7XJ1CG84TBKH5V9XKBVGF5"))
            #expect(served.status == 200)
            #expect(served.body == bytes)
        }
    }

    @Test func fixtureTagTimelineSplicesExactBytesAndPagesByPosition() async throws {
        try await withTestServer { server in
            let all = try await fetch(server.url("/api/v1/timelines/tag/fixtures?limit=40"))
            let fixtureCount = await server.snapshot().fixtureCount
            #expect(fixtureCount > 15, "every status of every fixture file, numeric ids (Mastodon 1.x) included")
            #expect(all.ids.count == fixtureCount)
            #expect(all.ids.contains("AM7iejUVqeZiIAYReK"))
            let reblog = trimmed(
                try Data(contentsOf: fixturesDirectory.appendingPathComponent("status_reblog.mastodon-4.6.4-dev.json")))
            #expect(all.body.range(of: reblog) != nil)
            var paged = try await fetch(server.url("/api/v1/timelines/tag/fixtures?limit=4"))
            var ids = paged.ids
            while let next = paged.links["next"], !paged.ids.isEmpty {
                paged = try await fetch(next)
                ids += paged.ids
            }
            #expect(ids == all.ids)
            let back = try await fetch(server.url("/api/v1/timelines/tag/fixtures?min_id=\(all.ids[5])&limit=2"))
            #expect(back.ids == [all.ids[3], all.ids[4]])
        }
    }

    @Test func arrayElementsKeepTheirBytes() throws {
        let text = Data("[ {\"a\": \"x,]}\"}, {\"b\": [1, 2]} ]".utf8)
        let pieces = FixtureLoader.elements(ofArray: Array(text)).map { String(decoding: $0, as: UTF8.self) }
        #expect(pieces == ["{\"a\": \"x,]}\"}", "{\"b\": [1, 2]}"])
    }

    @Test func mediaServesAValidPNG() async throws {
        try await withTestServer { server in
            let png = try await fetch(server.url("/media/avatars/1.png"))
            #expect(png.status == 200)
            #expect(png.header("Content-Type") == "image/png")
            #expect(png.body.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
            // IEND chunk with its fixed CRC ends every valid PNG.
            #expect(png.body.suffix(8) == Data([0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]))
        }
    }
}
