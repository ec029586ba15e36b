import Foundation
import Models
import Testing

/// `RawJSON.uniqueObjectRanges`: the exact bytes of a top-level object member, or nothing when in doubt.
@Suite struct RawJSONObjectRangeTests {
    func range(_ json: String, _ key: String = "account") -> String? {
        let data = Data(json.utf8)
        return RawJSON.uniqueObjectRanges(forKeys: [key], inObject: data)[key].map {
            String(decoding: data[$0], as: UTF8.self)
        }
    }

    @Test func theObjectsBytesAreFoundExactlyWhereverTheMemberIs() {
        #expect(range(#"{"id":"1","account":{"a":"\u00e9\/\"}"}}"#) == #"{"a":"\u00e9\/\"}"}"#)
        #expect(range(#"{ "account" : {"x":[1,{"y":2}]} , "id":"1"}"#) == #"{"x":[1,{"y":2}]}"#)
        #expect(range(#"{"id":"1","account":{}}"#) == "{}")
        // A boost: the outer account, never the one inside reblog.
        #expect(range(#"{"reblog":{"account":{"inner":1}},"account":{"outer":1}}"#) == #"{"outer":1}"#)
        // The sliced bytes of a larger buffer are offsets from its start.
        let padded = Data(#"xx{"account":{"a":1}}"#.utf8).dropFirst(2)
        #expect(RawJSON.uniqueObjectRanges(forKeys: ["account"], inObject: padded)["account"] == 11..<18)
    }

    @Test func anObjectInsideAnObjectIsFoundInPlaceAsRangesOfTheWhole() throws {
        // A slice of a larger buffer too: ranges count from its start.
        let data = Data(#"xx{"reblog":{"id":"2","account":{"inner":1}},"account":{"outer":1}}"#.utf8).dropFirst(2)
        let reblog = try #require(RawJSON.uniqueObjectRanges(forKeys: ["reblog"], inObject: data)["reblog"])
        let inner = try #require(
            RawJSON.uniqueObjectRanges(forKeys: ["account"], inObjectAt: reblog, of: data)["account"])
        #expect(
            data[(data.startIndex + inner.lowerBound)..<(data.startIndex + inner.upperBound)]
                == Data(#"{"inner":1}"#.utf8))
        let doubtful = Data(#"{"reblog":{"account":{},"account":{}}}"#.utf8)
        let outer = try #require(RawJSON.uniqueObjectRanges(forKeys: ["reblog"], inObject: doubtful)["reblog"])
        #expect(RawJSON.uniqueObjectRanges(forKeys: ["account"], inObjectAt: outer, of: doubtful).isEmpty)
    }

    @Test func anyDoubtFindsNothing() {
        #expect(range(#"{"id":"1"}"#) == nil, "absent")
        #expect(range(#"{"account":null}"#) == nil, "not an object")
        #expect(range(#"{"account":"x"}"#) == nil, "not an object")
        #expect(range(#"{"account":{"a":1},"account":{"a":2}}"#) == nil, "written twice")
        #expect(range(#"{"acc\u006funt":{"a":1}}"#) == nil, "a key with an escape could be the same key")
        #expect(range(#"{"account":{"a":1}} trailing"#) == nil, "bytes after the object")
        #expect(range(#"{"account":{"a":1}"#) == nil, "truncated")
        #expect(range(#"["account",{}]"#) == nil, "not an object")
        #expect(range("{}") == nil)
    }
}
