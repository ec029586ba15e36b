import Foundation
import MastodonAPI
import Testing

/// Reading server-sent events as Mastodon's streaming server writes them, byte by byte or in any pieces.
struct ServerSentEventParserTests {
    static let stream = Data(
        """
        :)\r
        event: update\r
        data: {"id":"1"}\r
        \r
        :thump
        event: delete
        data: 42

        event: status.update
        data: first
        data: second

        data: no name


        """.utf8)

    @Test func eventsCommentsAndLineEndingsWhateverThePieces() throws {
        let expected: [ServerEvent] = [
            .heartbeat, .event(name: "update", data: #"{"id":"1"}"#), .heartbeat,
            .event(name: "delete", data: "42"), .event(name: "status.update", data: "first\nsecond"),
            .event(name: "message", data: "no name"),
        ]
        var whole = ServerSentEventParser()
        #expect(try whole.feed(Self.stream) == expected)
        for size in [1, 2, 3, 7, 64] {
            var parser = ServerSentEventParser()
            var events: [ServerEvent] = []
            for start in stride(from: 0, to: Self.stream.count, by: size) {
                events += try parser.feed(Self.stream.subdata(in: start..<min(start + size, Self.stream.count)))
            }
            #expect(events == expected, "pieces of \(size)")
        }
    }

    @Test func aLineOrAnEventPastItsBoundIsRefused() {
        var short = ServerSentEventParser(maxLine: 100, maxEvent: 1000)
        #expect(throws: ServerSentEventParser.Failure.lineTooLong(limit: 100)) {
            try short.feed(Data(repeating: UInt8(ascii: "a"), count: 101))
        }
        var small = ServerSentEventParser(maxLine: 100, maxEvent: 150)
        let lines = String(repeating: "data: " + String(repeating: "b", count: 60) + "\n", count: 3)
        #expect(throws: ServerSentEventParser.Failure.eventTooLarge(limit: 150)) { try small.feed(Data(lines.utf8)) }
    }
}
