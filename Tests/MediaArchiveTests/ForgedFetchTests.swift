import ArchiveCore
import Foundation
import GRDB
import IceboxTestSupport
import Importer
import MastodonTestServer
import Testing
import Transport

@testable import MediaArchive

/// A status cannot make Icebox fetch from the user's own machine or network: media URLs that name,
/// resolve to, or redirect to a loopback or private address (other than the server the status came
/// from) are refused with a recorded reason, and the "local service" never receives a request.
@Suite struct ForgedFetchTests {
    @Test func mediaPointingAtLocalServicesIsRefusedBeforeAnyRequest() async throws {
        let server = try await MediaFixture.server(statuses: 3)
        var otherHost = TestServerConfig()
        otherHost.bindAddress = "127.0.0.2"
        otherHost.statusCount = 1
        let relay = try await TestServer.start(otherHost)
        var adminConfig = TestServerConfig()
        adminConfig.bindAddress = "127.0.0.3"
        adminConfig.statusCount = 1
        let admin = try await TestServer.start(adminConfig)
        defer {
            Task {
                await server.stop()
                await relay.stop()
                await admin.stop()
            }
        }
        let local = "127.0.0.3:\(admin.port)"
        let forged = [
            "http://\(local)/media/direct.png",
            "http://localhost:\(admin.port)/media/by-name.png",
            "http://[::1]:\(admin.port)/media/v6.png",
            "https://[::1]:\(admin.port)/media/v6-tls.png",
            "https://[::ffff:127.0.0.3]:\(admin.port)/media/mapped.png",
            // The archived server itself redirects to the local service: the hop is refused.
            "/media/hostile/redirect/hop.png?to=http://\(local)/media/hop.png",
            // Another host (not archived) that redirects there: refused at the first hop already.
            "\(relay.baseURL.absoluteString)/media/hostile/redirect/relay.png?to=http://\(local)/media/relay.png",
        ]
        _ = await server.addStatus(mediaPaths: forged + ["/media/genuine.png"])
        let fixture = try MediaFixture()
        try await fixture.pinLocal(server)

        let run = try await fixture.sync()
        let report = try #require(run.media?.report)
        #expect(await admin.requestLog().isEmpty, "the local service never heard from Icebox")
        #expect(await relay.requestLog().isEmpty, "nor did the unarchived host")
        for path in forged {
            let url = path.hasPrefix("/") ? server.baseURL.absoluteString + path : path
            let record = try await fixture.download(url)
            let known = try await fixture.db.read { db in
                try String.fetchAll(db, sql: "SELECT url FROM media_downloads")
            }
            #expect(record?.state == "failed", "\(url): \(String(describing: record)) \(known)")
            #expect(record?.failure?.contains("refused") == true, "\(url): \(record?.failure ?? "no reason")")
        }
        let genuine = try await fixture.download(server.baseURL.absoluteString + "/media/genuine.png")
        #expect(genuine?.state == "stored", "media on the archived server itself is still fetched")
        #expect(report.failed >= forged.count)
    }

    @Test func addressKindsCoverIPv4IPv6AndMappedForms() {
        func v4(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) -> IPAddress { IPAddress(v4: [a, b, c, d]) }
        func v6(_ head: [UInt8], tail: [UInt8] = []) -> IPAddress {
            IPAddress(v6: head + [UInt8](repeating: 0, count: 16 - head.count - tail.count) + tail)
        }
        #expect(v4(127, 0, 0, 2).kind == "loopback")
        #expect(v4(10, 1, 2, 3).kind == "private")
        #expect(v4(172, 20, 0, 1).kind == "private")
        #expect(v4(192, 168, 1, 1).kind == "private")
        #expect(v4(169, 254, 169, 254).kind == "link-local")
        #expect(v4(100, 100, 0, 1).kind.hasPrefix("shared"))
        #expect(v4(0, 0, 0, 0).kind == "unspecified")
        #expect(v4(224, 0, 0, 1).kind == "multicast")
        #expect(v4(93, 184, 216, 34).isPublic)
        #expect(v6([], tail: [1]).kind == "loopback")
        #expect(v6([]).kind == "unspecified")
        #expect(v6([], tail: [0xFF, 0xFF, 127, 0, 0, 1]).kind == "loopback", "v4-mapped")
        #expect(v6([], tail: [0xFF, 0xFF, 10, 0, 0, 1]).kind == "private", "v4-mapped")
        #expect(v6([0x00, 0x64, 0xFF, 0x9B], tail: [192, 168, 0, 1]).kind == "private", "NAT64")
        #expect(v6([0xFE, 0x80]).kind == "link-local")
        #expect(v6([0xFD, 0x12]).kind.hasPrefix("private"))
        #expect(v6([0xFF, 0x02], tail: [1]).kind == "multicast")
        #expect(v6([0x26, 0x06, 0x47, 0x00]).isPublic)
    }
}
