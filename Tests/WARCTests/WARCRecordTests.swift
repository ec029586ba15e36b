import Foundation
import Testing

@testable import WARC

/// Records, their digests and their bytes: what every WARC reader checks of Icebox's files.
@Suite struct WARCRecordTests {
    @Test func sha1DigestsAreBase32AsWARCToolsWriteThem() {
        // The SHA-1 of nothing, da39a3ee…, in RFC 4648 base32.
        #expect(WARCDigest.sha1(Data()) == "sha1:3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ")
        #expect(WARCDigest.matches("sha1:3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ", Data()) == true)
        #expect(WARCDigest.matches("sha1:da39a3ee5e6b4b0d3255bfef95601890afd80709", Data()) == true)
        #expect(WARCDigest.matches("sha1:3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ", Data("x".utf8)) == false)
        #expect(WARCDigest.matches("md5:abc", Data()) == nil)
    }

    @Test func aResponseRecordCarriesTheFieldsAndDigestsOfItsPayload() throws {
        let body = Data(#"{"id":"1","content":"<p>hi</p>"}"#.utf8)
        let http = HTTPMessage.deliveredResponse(
            status: 200, headers: [("Content-Type", "application/json")], body: body)
        let record = WARCRecord.make(
            .response, targetURI: "https://example.social/api/v1/statuses/1",
            contentType: "application/http; msgtype=response", block: http.block, payloadOffset: http.head.count,
            extra: [WARCRecord.Field("WARC-IP-Address", "127.0.0.1")])
        #expect(record.kind == .response)
        #expect(record.recordID?.hasPrefix("<urn:uuid:") == true)
        #expect(record["WARC-Payload-Digest"] == WARCDigest.sha1(body))
        #expect(record["WARC-Block-Digest"] == WARCDigest.sha1(http.block))
        #expect(record["Content-Length"] == String(http.block.count))
        #expect(record["WARC-Date"]?.count == "2026-11-26T02:34:13.123456Z".count)
        #expect(record.digestProblem() == nil)
        #expect(record.payloadBody == body)
        let parsed = try #require(HTTPMessage(parsing: record.block))
        #expect(parsed.statusCode == 200)
        #expect(parsed.body == body)
    }

    @Test func aRecordIsReadBackByteForByte() throws {
        let record = WARCRecord.make(
            .resource, targetURI: "https://example.social/api/v1/statuses/2", contentType: "application/json",
            block: Data("{\"id\":\"2\"}\r\n\r\nWARC/1.1 inside a block".utf8))
        let bytes = record.serialized()
        let read = try WARCRecord.records(in: bytes)
        #expect(read == [record])
        #expect(read.first?.serialized() == bytes)
        let file = FileManager.default.temporaryDirectory.appending(path: "icebox-record-\(UUID().uuidString).warc.gz")
        defer { try? FileManager.default.removeItem(at: file) }
        try (GzipMember.compress(bytes) + GzipMember.compress(bytes)).write(to: file)
        let items = try WARCReader(file: file).items()
        #expect(items.count == 2)
        for case .record(let again, let offset) in items {
            #expect(again == record)
            #expect(offset == 0 || offset == GzipMember.compress(bytes).count, "each record at its member's offset")
        }
    }

    @Test func aDeliveredResponseSaysWhatDiffersFromTheWire() {
        let body = Data("abc".utf8)
        let http = HTTPMessage.deliveredResponse(
            status: 200, headers: [("Transfer-Encoding", "chunked"), ("Content-Type", "text/plain")], body: body)
        #expect(http.header("Transfer-Encoding") == nil)
        #expect(http.header("X-Archive-Orig-Transfer-Encoding") == "chunked")
        #expect(http.header("Content-Length") == "3")
        #expect(http.startLine == "HTTP/1.1 200 OK")
        let kept = HTTPMessage.deliveredResponse(status: 404, headers: [("Content-Length", "3")], body: body)
        #expect(kept.headers == [WARCRecord.Field("Content-Length", "3")])
        #expect(kept.statusCode == 404)
    }

    @Test func aChunkedBodyIsReadBackJoined() throws {
        let block = Data("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n".utf8)
        #expect(HTTPMessage(parsing: block)?.body == Data("abcde".utf8))
    }
}
