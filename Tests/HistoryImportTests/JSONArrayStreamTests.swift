import Foundation
import Testing

@testable import HistoryImport

@Suite("JSONArrayStream")
struct JSONArrayStreamTests {
    /// Splits `document` fed in pieces of `piece` bytes.
    private func split(
        _ document: String, target: JSONArrayStream.Target = .key("orderedItems"), piece: Int = 1,
        maxElement: Int = 1 << 20
    ) throws -> [String] {
        var stream = JSONArrayStream(target: target, maxElementBytes: maxElement)
        var found: [String] = []
        let bytes = Array(document.utf8)
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + piece)
            try bytes[start..<end].withUnsafeBytes { buffer in
                try stream.feed(buffer) { found.append(String(decoding: $0, as: UTF8.self)) }
            }
            start = end
        }
        try stream.finish()
        return found
    }

    @Test func elementsAreHandedOverByteForByteWhateverThePieces() throws {
        let document =
            #"{"@context":["a",{"orderedItems":[9]}],"id":"outbox.json","orderedItems": [ {"a": "x,]}\"y"} , [1, [2]],"s\\\"t" ,12.5e3, true,null ,{} ], "after":[1]}"#
        let expected = [#"{"a": "x,]}\"y"}"#, "[1, [2]]", #""s\\\"t""#, "12.5e3", "true", "null", "{}"]
        for piece in [1, 2, 3, 7, 64, 4096] {
            #expect(try split(document, piece: piece) == expected, "pieces of \(piece)")
        }
    }

    @Test func aNestedKeyOfTheSameNameIsNotTheTarget() throws {
        #expect(try split(#"{"x":{"orderedItems":[1,2]},"orderedItems":[3]}"#) == ["3"])
        #expect(try split(#"["a",{"b":1}]"#, target: .document) == [#""a""#, #"{"b":1}"#])
        #expect(try split(#"{"orderedItems":[]}"#) == [])
    }

    @Test(arguments: [
        (#"{"orderedItems":[{"a":1},{"b":2}"#, "truncated"),
        (#"{"orderedItems":[{"a":1},{"b":"2}]}"#, "truncated"),
        (#"{"orderedItems":[{"a":1}}]}"#, "unexpected }"),
        (#"{"orderedItems":[{"a":1} {"b":2}]}"#, "expected , or ]"),
        (#"{"orderedItems":[{"a":1},,{"b":2}]}"#, "a comma where an element was expected"),
        (#"{"orderedItems":[{"a":1},]}"#, "a comma before ]"),
        (#"{"orderedItems":[1]} {"#, "data after the end"),
        (#"{"items":[1]}"#, "no \"orderedItems\" array"),
        ("", "empty document"),
        ("{\"orderedItems\":[\"a\nb\"]}", "control character"),
        ("   42", "expected an object or an array"),
    ])
    func malformedDocumentsAreRefusedWithTheReason(document: String, reason: String) {
        for piece in [1, 5, 4096] {
            #expect {
                _ = try split(document, piece: piece)
            } throws: { error in
                "\(error)".contains(reason)
            }
        }
    }

    @Test func theElementsBeforeTheBreakAreHandedOverAndTheOffsetPointsAtIt() throws {
        var stream = JSONArrayStream(target: .key("orderedItems"))
        var found: [String] = []
        let document = #"{"orderedItems":[{"a":1},{"b":2}}"#
        #expect {
            try stream.feed(Data(document.utf8)) { found.append(String(decoding: $0, as: UTF8.self)) }
        } throws: { error in
            (error as? JSONArrayStream.Malformed)?.offset == Int64(document.utf8.count - 1)
        }
        #expect(found == [#"{"a":1}"#, #"{"b":2}"#])
    }

    @Test(arguments: [1, 3, 4096])
    func anElementLargerThanTheLimitIsRefused(piece: Int) {
        // The ninth byte of the element (the "2", byte 25 of the document) is the one refused, however
        // the string holding it was fed.
        #expect {
            _ = try split(#"{"orderedItems":[{"a":"0123456789"}]}"#, piece: piece, maxElement: 8)
        } throws: { error in
            "\(error)".contains("element 1 is larger than 8 bytes")
                && (error as? JSONArrayStream.Malformed)?.offset == 25
        }
    }

    @Test func depthIsBounded() {
        let deep =
            #"{"orderedItems":["# + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "]}"
        #expect { _ = try split(deep, piece: 4096) } throws: { "\($0)".contains("nested deeper") }
    }

    @Test func manyElementsStreamInBoundedMemory() throws {
        // 100 000 activities: only one element is held at a time (the count is what is checked here;
        // the benchmark measures the memory).
        var stream = JSONArrayStream(target: .key("orderedItems"))
        var count = 0
        var lastLength = 0
        try stream.feed(Data(#"{"totalItems":100000,"orderedItems":["#.utf8)) { _ in }
        let item = Data(#"{"type":"Create","object":{"id":"https://h/s/1","content":"<p>x</p>"}}"#.utf8)
        for index in 0..<100_000 {
            try stream.feed(index == 0 ? item : Data(",".utf8) + item) { element in
                count += 1
                lastLength = element.count
            }
        }
        try stream.feed(Data("]}".utf8)) { _ in }
        try stream.finish()
        #expect(count == 100_000)
        #expect(lastLength == item.count)
    }
}

@Suite("JSONArrayStream, one member")
struct JSONArrayStreamMemberTests {
    private func member(_ key: String, of document: String, piece: Int) throws -> [String] {
        var stream = JSONArrayStream(target: .member(key))
        var found: [String] = []
        for chunk in Array(document.utf8).chunked(piece) {
            try stream.feed(Data(chunk)) { found.append(String(decoding: $0, as: UTF8.self)) }
        }
        try stream.finish()
        return found
    }

    @Test func theValueOfOneKeyIsHandedOverWhole() throws {
        let document = #"{"statuses":[{"account":{"x":1}}],"account" : {"username":"alice","n":[1,{"}":"]"}]} ,"n":3}"#
        for piece in [1, 3, 4096] {
            #expect(try member("account", of: document, piece: piece) == [#"{"username":"alice","n":[1,{"}":"]"}]}"#])
            #expect(try member("n", of: document, piece: piece) == ["3"])
            #expect(try member("statuses", of: document, piece: piece) == [#"[{"account":{"x":1}}]"#])
        }
        #expect(try member("s", of: #"{"s":"a\"b"}"#, piece: 1) == [#""a\"b""#])
        #expect(throws: JSONArrayStream.Malformed.self) { try member("missing", of: document, piece: 7) }
    }
}

extension Array {
    /// The array in pieces of at most `size` elements.
    func chunked(_ size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
