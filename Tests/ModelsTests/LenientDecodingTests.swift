import Foundation
import Models
import Testing

@Suite struct LenientDecodingTests {
    @Test(arguments: [
        ("2026-04-11T10:00:00.123Z", 1_775_901_600.123),
        ("2026-04-11T10:00:00Z", 1_775_901_600),
        ("2026-04-11T10:00:00.123456789Z", 1_775_901_600.123456789),
        ("2026-04-11T12:00:00+02:00", 1_775_901_600),
        ("2026-04-11T05:30:00.5-04:30", 1_775_901_600.5),
        ("2026-04-11T10:00:00+0000", 1_775_901_600),
    ])
    func datesInEveryShapeServersSend(_ text: String, _ seconds: Double) throws {
        let date = try #require(MastodonDate.parse(text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.000_01)
    }

    @Test(arguments: [
        "", "2026-04-11", "2026-13-01T00:00:00Z", "2026-04-11T10:00:00", "2026-04-11T10:00:00.Z",
        "yesterday", "2026-04-11T10:00:00Zjunk",
    ])
    func badDatesAreRejected(_ text: String) {
        #expect(MastodonDate.parse(text) == nil)
    }

    @Test func formatRoundTrips() throws {
        let date = try #require(MastodonDate.parse("1999-12-31T23:59:59.250Z"))
        #expect(MastodonDate.format(date) == "1999-12-31T23:59:59.250Z")
    }

    static let minimalStatus = #"""
        {"id":"1","uri":"https://a.example/1","created_at":"%@","content":"<p>x</p>",
         "visibility":"local","account":{"id":"9","username":"u","acct":"u","avatar":""}}
        """#

    @Test func badDateIsAnErrorNamingTheField() throws {
        let json = Self.minimalStatus.replacingOccurrences(of: "%@", with: "not a date")
        #expect {
            _ = try ArchivableStatus(decoding: Data(json.utf8))
        } throws: { error in
            let text = "\(error)"
            return text.contains("created_at") && text.contains("not a date") && text.contains("id 1")
        }
    }

    @Test func unknownEnumValuesAreKept() throws {
        let json = Self.minimalStatus.replacingOccurrences(of: "%@", with: "2026-01-01T00:00:00Z")
        let status = try JSONDecoder().decode(Status.self, from: Data(json.utf8))
        #expect(status.visibility.rawValue == "local")
        #expect(status.account.avatar == nil)
        #expect(status.mediaAttachments.isEmpty && status.repliesCount == 0)
    }

    @Test func oneBrokenStatusIsKeptAsServedAndTheRestOfThePageRead() throws {
        let good = Self.minimalStatus.replacingOccurrences(of: "%@", with: "2026-01-01T00:00:00Z")
        let bad = #"{"id":"77","created_at":"2026-01-01T00:00:00Z"}"#
        let page = try ArchivableStatus.decodePage(Data("[\(good), \(bad) ,\(good)]".utf8))
        #expect(page.items.count == 2)
        #expect(page.served == 3)
        let kept = try #require(page.unreadable.first)
        #expect(kept.raw == Data(bad.utf8), "kept byte for byte")
        #expect(kept.id == "77")
        #expect(kept.reason.contains("uri"), "no uri, no url and no server to key it by")
        #expect(page.lastID == page.items.last?.status.id)
    }

    @Test func truncatedAndNonArrayPagesAreMalformed() {
        #expect(throws: RawJSON.Malformed.self) { try ArchivableStatus.decodePage(Data("[{\"id\":\"1\"".utf8)) }
        #expect(throws: RawJSON.Malformed.self) { try ArchivableStatus.decodePage(Data("<html>".utf8)) }
        #expect(throws: RawJSON.Malformed.self) { try ArchivableStatus.decodePage(Data("[1] x".utf8)) }
    }

    @Test func rawJSONSlicesKeepBytesExactly() throws {
        let text = #"[ {"a": "x\"]}", "b": [1, {"c": null}]} ,{"d":2}]"#
        let parts = try RawJSON.elements(ofArray: Data(text.utf8))
        #expect(
            parts.map { String(decoding: $0, as: UTF8.self) } == [
                #"{"a": "x\"]}", "b": [1, {"c": null}]}"#, #"{"d":2}"#,
            ])
        let b = try RawJSON.value(forKey: "b", inObject: parts[0])
        #expect(b.map { String(decoding: $0, as: UTF8.self) } == "[1, {\"c\": null}]")
        #expect(try RawJSON.elements(ofArray: Data("[]".utf8)).isEmpty)
    }

    /// Each field in a form some server sends instead of the documented one; none may cost the post.
    @Test(arguments: [
        (
            #""mentions":[{"id":42,"username":"bob","url":"https://b.example/@bob","acct":"bob@b.example"}]"#,
            "numeric mention id"
        ),
        (#""mentions":[{"id":"42","username":"bob"}]"#, "mention without url or acct"),
        (#""sensitive":"true""#, "a yes/no as a string"),
        (#""sensitive":1"#, "a yes/no as a number"),
        (#""replies_count":5.0"#, "a fractional count"),
        (#""reblogs_count":"7""#, "a count as a string"),
        (#""favourites_count":-1"#, "a negative count"),
        (
            #""poll":{"id":9,"options":[{"title":"a","votes_count":1}],"voters_count":"3","expired":"false"}"#,
            "poll ids, voters and flags"
        ),
        (#""card":{"url":"https://c.example","title":"t","width":"400","height":null}"#, "a card size as a string"),
        (#""quote":{"state":"accepted","quoted_status_id":110000000000000001}"#, "a numeric quote id"),
        (#""in_reply_to_id":18446744073709551615"#, "an id beyond Int64"),
    ])
    func oddFieldsServersSendAreRead(_ field: String, _ what: String) throws {
        let base = Self.minimalStatus.replacingOccurrences(of: "%@", with: "2026-01-01T00:00:00Z")
        let json = base.replacingOccurrences(of: #""id":"1","#, with: #""id":"1",\#(field),"#)
        #expect(json != base, "the field was added")
        let page = try ArchivableStatus.decodePage(Data("[\(json)]".utf8))
        #expect(page.items.count == 1 && page.unreadable.isEmpty, "\(what): \(page.unreadable.map(\.reason))")
    }

    @Test func anAuthorsOddProfileDatesDoNotCostThePost() throws {
        let base = Self.minimalStatus.replacingOccurrences(of: "%@", with: "2026-01-01T00:00:00Z")
        let json = base.replacingOccurrences(
            of: #""username":"#, with: #""created_at":"someday","bot":1,"last_status_at":5,"username":"#)
        #expect(json != base)
        let status = try JSONDecoder().decode(Status.self, from: Data(json.utf8))
        #expect(status.account.bot && status.account.createdAt == nil)
    }
}

/// A server on a port is `host:port` in its mentions, webfinger and ids: so is the handle (issue 28).
@Suite struct HandleWithPortTests {
    @Test func aLocalAccountsHandleKeepsItsServersPort() throws {
        let json =
            #"{"id":"1","username":"alice","acct":"alice","url":"https://127.0.0.1:30811/@alice","display_name":""}"#
        let account = try JSONDecoder().decode(Account.self, from: Data(json.utf8))
        #expect(account.fullHandle(servedBy: "127.0.0.1:30811") == "alice@127.0.0.1:30811")
        let plain = #"{"id":"1","username":"bob","acct":"bob","url":"https://example.social/@bob","display_name":""}"#
        #expect(
            try JSONDecoder().decode(Account.self, from: Data(plain.utf8)).fullHandle(servedBy: "api.example")
                == "bob@example.social")
    }
}
