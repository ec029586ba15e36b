import Foundation
import Testing
import Transport

/// The HTTP/1.1 reader under event streams: heads, chunked and plain bodies, in pieces of any size.
struct HTTPResponseReaderTests {
    static func read(_ bytes: Data, pieces size: Int) throws -> (status: Int?, body: Data) {
        var reader = HTTPResponseReader()
        var status: Int?
        var body = Data()
        for start in stride(from: 0, to: bytes.count, by: size) {
            let progress = try reader.feed(bytes.subdata(in: start..<min(start + size, bytes.count)))
            if let head = progress.head { status = head.status }
            body.append(progress.body)
        }
        return (status, body)
    }

    @Test func chunkedBodiesAreDechunkedWhateverThePieces() throws {
        let answer = Data(
            ("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "4\r\n:)\n\n\r\ne\r\nevent: delete\n\r\n9;ext=1\r\ndata: 42\n\r\n0\r\n\r\n").utf8)
        for size in [1, 2, 5, 13, 1000] {
            let (status, body) = try Self.read(answer, pieces: size)
            #expect(status == 200)
            #expect(String(decoding: body, as: UTF8.self) == ":)\n\nevent: delete\ndata: 42\n", "pieces of \(size)")
        }
    }

    @Test func aPlainBodyAndARedirectAreReadAsTheyAre() throws {
        let plain = try Self.read(Data("HTTP/1.1 200 OK\r\n\r\n:thump\n".utf8), pieces: 3)
        #expect(plain.status == 200 && plain.body == Data(":thump\n".utf8))
        let redirect = try Self.read(Data("HTTP/1.1 302 Found\r\nLocation: http://127.0.0.2/\r\n\r\n".utf8), pieces: 7)
        #expect(redirect.status == 302)
    }

    @Test func notHTTPOrOversizedHeadsAreRefused() {
        var reader = HTTPResponseReader()
        #expect(throws: HTTPResponseReader.Failure.self) { try reader.feed(Data("SSH-2.0-OpenSSH\r\n\r\n".utf8)) }
        var big = HTTPResponseReader()
        #expect(throws: HTTPResponseReader.Failure.self) {
            try big.feed(Data(repeating: UInt8(ascii: "a"), count: 70_000))
        }
        var chunk = HTTPResponseReader()
        #expect(throws: HTTPResponseReader.Failure.self) {
            try chunk.feed(Data("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n".utf8))
        }
    }
}
