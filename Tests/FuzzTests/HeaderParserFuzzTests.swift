import Foundation
import MastodonAPI
import Models
import PropertyBased
import Testing

/// The `Link` and `X-RateLimit-*` headers as any server might send them. The parsers never trap;
/// a well-formed header gives back exactly the cursors it carries, whatever its quoting and order.
@Suite struct HeaderParserFuzzTests {
    /// Opaque cursors, sent percent-encoded where needed. (A cursor that is itself a broken escape,
    /// `%ca`, reads as none at all: found by this test, left as it is since no server sends one.)
    static let cursor = Gen.element(of: Array("abcXYZ0189_-.~é+ /&=")).compactMap { $0 }.array(of: 1...24).map {
        String($0)
    }
    static let queryValueAllowed = CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&+=?/"))
    static let rel = Gen.element(of: ["next", "prev", "first", "last", "alternate"]).compactMap { $0 }

    struct Entry: Sendable, CustomStringConvertible {
        var rel: String
        var cursor: String
        var quoted: Bool
        var spaces: Int
        var name: String { rel == "next" ? "max_id" : "min_id" }
        var text: String {
            let space = String(repeating: " ", count: spaces)
            let value =
                cursor.addingPercentEncoding(withAllowedCharacters: HeaderParserFuzzTests.queryValueAllowed) ?? cursor
            return
                "<https://a.example/api/v1/timelines/home?limit=40&\(name)=\(value)>;\(space)rel=\(quoted ? "\"\(rel)\"" : rel)"
        }
        var description: String { text }
    }

    static let entries = zip(rel, cursor, Gen.bool(), Gen.int(in: 0...2))
        .map { entry in Entry(rel: entry.0, cursor: entry.1, quoted: entry.2, spaces: entry.3) }
        .array(of: 0...5)

    @Test func aWellFormedLinkHeaderGivesBackItsCursors() async {
        await propertyCheck(count: FuzzBudget.count, input: Self.entries) { entries in
            await Task.yield()  // the other suites' test servers share the cooperative threads
            let header = LinkHeader(entries.map(\.text).joined(separator: ", "))
            for rel in ["next", "prev"] {
                let expected = entries.first { $0.rel == rel }
                let parameter = expected.map(\.name) ?? "max_id"
                #expect(
                    header.parameter(parameter, rel: rel) == expected.map(\.cursor),
                    "\(entries)")
            }
        }
    }

    static let garbage = Gen.element(of: [
        "<", ">", ";", ",", "\"", "=", "rel", "next", "prev", " ", "https://a.example/?max_id=1",
        "%", "\u{0}", "\u{202E}", "ü", "max_id", "?", "&",
    ])
    .compactMap { $0 }.array(of: 0...40).map { $0.joined() }

    @Test func anyLinkHeaderParsesWithoutTrapping() async {
        await propertyCheck(count: FuzzBudget.count, input: Self.garbage) { text in
            await Task.yield()  // the other suites' test servers share the cooperative threads
            let header = LinkHeader(text)
            for link in header.links { #expect(text.contains("<") && text.contains(">"), "\(link.url)") }
            _ = header.parameter("max_id", rel: "next")
        }
    }

    static let value = Gen.element(of: [
        "300", "0", "-1", " 42 ", "9999999999999999999999", "1e3", "", "abc",
        "2026-03-01T00:05:00.000000Z", "9999-12-31T23:59:59.999-23:59", "10000-01-01T00:00:00Z",
        "2026-13-45T99:99:99Z", "2026-03-01T00:05:00+99:99", "-0001-01-01T00:00:00Z",
        "2026-03-01", "T", "2026-03-01T00:05:00.99999999999999999999Z",
    ])
    .compactMap { $0 }

    @Test func anyRateLimitHeadersParseWithoutTrapping() async {
        await propertyCheck(count: FuzzBudget.count, input: zip(Self.value, Self.value, Self.value)) { values in
            await Task.yield()  // the other suites' test servers share the cooperative threads
            let headers = [
                "X-RateLimit-Limit": values.0, "x-ratelimit-remaining": values.1, "X-RateLimit-Reset": values.2,
            ]
            if let limit = RateLimit(headers: headers) {
                #expect(limit.limit == Int(values.0.trimmingCharacters(in: .whitespaces)))
                #expect(limit.remaining == Int(values.1.trimmingCharacters(in: .whitespaces)))
            }
            _ = MastodonDate.parse(values.2)
        }
    }
}
