import Foundation
import IceboxTestSupport
import Models
import Testing

@testable import HistoryImport

/// How each outbox item maps to an archived status, pinned on the fixture export and on the odd shapes
/// ActivityPub allows (a string where an array is usual, one object where a list is, numbers where
/// strings are, fields missing). An item that cannot be mapped fails alone, with its reason.
@Suite("Mapping of outbox activities")
struct ActivityMappingTests {
    static let uri = ImportFixture.statusBase + "1"

    @Test func everyFixtureStatusIsTheStatusItsArchivedJSONDecodesTo() throws {
        let outbox = try Data(contentsOf: ImportFixture.exportFolder.appending(path: "outbox.json"))
        var batch = try Self.batch()
        var splitter = JSONArrayStream(target: .key("orderedItems"), maxElementBytes: 1 << 20)
        var index = 0
        try splitter.feed(outbox) { element in
            index += 1
            try batch.add(element, index: index)
        }
        try splitter.finish()
        #expect(batch.statuses.count == 8 && batch.unreadable.isEmpty && batch.references.count == 3)
        for imported in batch.statuses {
            let decoded = try ArchivableStatus(decoding: imported.status.raw, servedBy: "social.example")
            #expect(decoded.status == imported.status.status)
            #expect(imported.hasServerID)
            let source = try #require(imported.source)
            #expect(outbox.range(of: source) != nil, "the object's bytes as they stand in outbox.json")
            #expect(try RawJSON.value(forKey: "id", inObject: source) == Data("\"\(imported.status.status.uri)\"".utf8))
        }
    }

    @Test func theArchivedJSONOfARichPostIsWrittenWithSortedKeys() throws {
        var batch = try Self.batch()
        try batch.add(Data(Self.richPost.utf8), index: 1)
        let raw = String(decoding: try #require(batch.statuses.first).status.raw, as: UTF8.self)
        #expect(raw == Self.richPostArchived)
    }

    @Test func contentMapAloneGivesTheTextAndLanguage() throws {
        let status = try Self.mapped(#""contentMap":{"de":"<p>Hallo</p>"}"#)
        #expect(status["content"] as? String == "<p>Hallo</p>")
        #expect(status["language"] as? String == "de")
        #expect(status["visibility"] as? String == "direct")
        #expect(status["url"] as? String == Self.uri)
        #expect(status["spoiler_text"] as? String == "")
        #expect((status["media_attachments"] as? [Any])?.isEmpty == true)
    }

    @Test func addressesGivenAsOneStringSetTheVisibility() throws {
        let publicCollection = #""https://www.w3.org/ns/activitystreams#Public""#
        #expect(try Self.mapped(#""to":\#(publicCollection)"#)["visibility"] as? String == "public")
        #expect(
            try Self.mapped(#""to":"https://social.example/users/alice/followers","cc":"as:Public""#)["visibility"]
                as? String == "unlisted")
        #expect(
            try Self.mapped(#""to":"https://social.example/users/alice/followers""#)["visibility"] as? String
                == "private")
        #expect(
            try Self.mapped(#""to":[7,"https://other.example/users/bob"],"cc":{"id":"as:Public"}"#)["visibility"]
                as? String == "direct")
    }

    @Test func oneTagObjectAndMixedTagListsAreRead() throws {
        let one = try Self.mapped(
            ##""tag":{"type":"Hashtag","name":"#Rust","href":"https://social.example/tags/rust"}"##)
        #expect(
            (one["tags"] as? [[String: Any]])?.map { "\($0["name"] ?? "") \($0["url"] ?? "")" }
                == ["Rust https://social.example/tags/rust"])
        let mixed = try Self.mapped(
            #"""
            "tag":[5,"x",{"type":"Mention","href":"https://other.example/users/bob","name":"@bob@other.example"},
            {"type":"Mention","name":"@nohref"},{"type":"Mention","href":"https://social.example/users/carol","name":"@carol"},
            {"type":"Mention","href":"https://other.example/users/dan"},{"type":"Hashtag","name":7},
            {"type":"Hashtag","name":"NoHash"},{"type":"Emoji","name":":blob:","icon":{"url":"https://social.example/e.png"}},
            {"type":"Emoji","name":":linked:","icon":[{"url":{"href":"https://social.example/l.png"}}]},
            {"type":"Emoji","name":":noicon:"},{"type":"Unknown","name":"?"}]
            """#)
        #expect(
            (mixed["mentions"] as? [[String: Any]])?.map {
                "\($0["acct"] ?? "") \($0["username"] ?? "") \($0["id"] ?? "")"
            }
                == [
                    "bob@other.example bob https://other.example/users/bob",
                    "carol carol https://social.example/users/carol",
                    "https://other.example/users/dan@other.example https://other.example/users/dan https://other.example/users/dan",
                ])
        #expect((mixed["tags"] as? [[String: Any]])?.map { "\($0["name"] ?? "") \($0["url"] ?? "")" } == ["NoHash "])
        #expect(
            (mixed["emojis"] as? [[String: Any]])?.map { "\($0["shortcode"] ?? "") \($0["url"] ?? "")" }
                == ["blob https://social.example/e.png", "linked https://social.example/l.png"])
    }

    @Test func attachmentsAbsentAloneOrInAMixedList() throws {
        #expect((try Self.mapped("")["media_attachments"] as? [Any])?.isEmpty == true)
        let one = try Self.mapped(
            #"""
            "attachment":{"type":"Document","mediaType":"image/gif","url":"media_attachments/files/000/000/007/original/a.gif",
            "name":"alt","blurhash":"LKO2","width":10,"height":20}
            """#)
        let gif = try #require((one["media_attachments"] as? [[String: Any]])?.first)
        #expect(gif["id"] as? String == "000000007" && gif["type"] as? String == "gifv")
        #expect(
            gif["url"] as? String == "https://social.example/system/media_attachments/files/000/000/007/original/a.gif")
        #expect(gif["description"] as? String == "alt" && gif["blurhash"] as? String == "LKO2")
        #expect(((gif["meta"] as? [String: Any])?["original"] as? [String: Any])?["width"] as? Int == 10)
        let mixed = try Self.mapped(
            #"""
            "attachment":[7,{"type":"Document","mediaType":"video/mp4","width":"10","height":20,"name":3},
            {"type":"Document","url":{"href":"https://cdn.example/x.ogg"},"mediaType":"audio/ogg"},{"url":"b"}]
            """#)
        let list = try #require(mixed["media_attachments"] as? [[String: Any]])
        #expect(
            list.map { "\($0["id"] ?? "") \($0["type"] ?? "") \($0["url"] ?? "-")" }
                == [
                    "1-0 video -", "https://cdn.example/x.ogg audio https://cdn.example/x.ogg",
                    "https://social.example/system/b unknown https://social.example/system/b",
                ])
        #expect(list[0]["meta"] == nil && list[0]["description"] == nil)
    }

    @Test func numbersWhereTextIsExpectedReadAsAbsent() throws {
        let status = try Self.mapped(#""content":42,"summary":7,"sensitive":"yes","inReplyTo":5,"updated":3,"url":9"#)
        #expect(status["content"] as? String == "")
        #expect(status["spoiler_text"] as? String == "")
        #expect(status["sensitive"] as? Bool == false)
        #expect(status["in_reply_to_id"] == nil && status["edited_at"] == nil)
        #expect(status["url"] as? String == Self.uri)
    }

    @Test func repliesToTheOwnServerKeepTheirIdAndOthersTheirUri() throws {
        #expect(
            try Self.mapped(#""inReplyTo":"https://social.example/users/alice/statuses/99""#)["in_reply_to_id"]
                as? String == "99")
        #expect(
            try Self.mapped(#""inReplyTo":{"href":"https://other.example/users/bob/statuses/5"}"#)["in_reply_to_id"]
                as? String == "https://other.example/users/bob/statuses/5")
        #expect(
            try Self.mapped(#""inReplyTo":"https://social.example/objects/abc""#)["in_reply_to_id"]
                as? String == "https://social.example/objects/abc")
    }

    @Test func pollsOfEitherKindWithOddVoteCounts() throws {
        let single = try #require(
            try Self.mapped(
                #"""
                "type":"Question","endTime":"2024-03-09T00:00:00Z","votersCount":5,
                "oneOf":[{"name":"Tea","replies":{"totalItems":4}},{"name":"Coffee","replies":{"totalItems":"3"}},{"replies":{}},9]
                """#)["poll"] as? [String: Any])
        #expect(single["multiple"] as? Bool == false && single["expired"] as? Bool == false)
        #expect(single["votes_count"] as? Int == 4 && single["voters_count"] as? Int == 5)
        #expect(single["expires_at"] as? String == "2024-03-09T00:00:00Z")
        #expect(
            (single["options"] as? [[String: Any]])?.map { "\($0["title"] ?? "") \($0["votes_count"] ?? "")" }
                == ["Tea 4", "Coffee 0", " 0"])
        let closed = try #require(
            try Self.mapped(#""type":"Question","closed":null,"anyOf":{"name":"Only"}"#)["poll"]
                as? [String: Any])
        #expect(closed["multiple"] as? Bool == true && closed["expired"] as? Bool == true)
        #expect(closed["expires_at"] == nil)
        #expect(try Self.mapped(#""type":"Article""#)["poll"] == nil)
    }

    @Test func anItemThatCannotBeMappedFailsAloneWithItsReason() throws {
        var batch = try Self.batch()
        let items = [
            #"{"type":"Create","object":{"id":5,"published":"2024-03-01T09:00:00Z"}}"#,
            #"{"type":"Create","object":{"id":"https://social.example/users/alice/statuses/2","published":1}}"#,
            #"{"type":"Create","object":{"id":"https://social.example/users/alice/statuses/3","published":"yesterday"}}"#,
            #"{"type":"Create","object":"https://social.example/users/alice/statuses/4"}"#,
            #"{"type":"Announce","object":{"type":"Note"}}"#,
            #"{"type":"Like","object":"https://other.example/users/bob/statuses/1"}"#,
            #"{"type":"Announce","id":"https://social.example/a/1","object":{"id":"https://other.example/s/1"}}"#,
            #"{"type":"Create","object":{"id":"https://social.example/users/alice/statuses/8","published":"2024-03-01T09:00:00Z"}}"#,
            #"{"type":"Create","object":{"id":"https://social.example/users/alice/statuses/9","published":"2024-03-01T09:00:00Z","updated":"soon"}}"#,
            #"{"type":"Create","object":{"id":"https://social.example/users/alice/statuses/10","published":"2024-03-01T09:00:00Z","type":"Question","endTime":"never"}}"#,
        ]
        for (index, item) in items.enumerated() { try batch.add(Data(item.utf8), index: index + 1) }
        #expect(batch.statuses.map(\.status.status.id) == ["8"])
        #expect(batch.references.map(\.uri) == ["https://other.example/s/1"])
        #expect(batch.skipped == 1)
        let reasons = batch.unreadable.map(\.reason)
        #expect(reasons.count == 7)
        #expect(reasons[0] == #"outbox.json item 1: the object has no "id""#)
        #expect(
            reasons[1] == #"outbox.json item 2: https://social.example/users/alice/statuses/2 has no "published" date"#)
        #expect(
            reasons[2]
                == #"outbox.json item 3: status (id 3) could not be read: created_at: not an RFC 3339 date: "yesterday""#
        )
        #expect(
            reasons[5]
                == #"outbox.json item 9: status (id 9) could not be read: edited_at: not an RFC 3339 date: "soon""#)
        #expect(
            reasons[6]
                == #"outbox.json item 10: status (id 10) could not be read: poll.expires_at: not an RFC 3339 date: "never""#
        )
        #expect(batch.unreadable[2].id == "3")
        #expect(reasons[3] == "outbox.json item 4: the Create holds no object")
        #expect(reasons[4] == "outbox.json item 5: the Announce names no status")
        #expect(batch.unreadable[0].raw == Data(#"{"id":5,"published":"2024-03-01T09:00:00Z"}"#.utf8))
        #expect(throws: ImportError.self) { try batch.add(Data("[1]".utf8), index: 9) }
    }

    @Test func theStatusJSONIsWhatJSONEncoderWritesWithSortedKeys() throws {
        let actor = try ExportActor.parse(
            try Data(contentsOf: ImportFixture.exportFolder.appending(path: "actor.json"))
        ).get()
        let mapper = ActivityMapper(actor: actor)
        let account = Array(try MappedStatus.encoder.encode(actor.apiAccount))
        let controls = (0..<32).map { String(UnicodeScalar(UInt8($0))) }.joined()
        var objects = [
            String(
                decoding: try JSONEncoder().encode([
                    "id": Self.uri, "published": "2024-03-01T09:00:00Z",
                    "content": controls + #""\/ é 😀 \u{2028}"#,
                ]), as: UTF8.self)
        ]
        for fields in [
            #""type":"Question","closed":"2024-03-02T00:00:00Z","votersCount":2,"anyOf":[{"name":"A\"","replies":{"totalItems":2}}]"#,
            #""type":"Question","oneOf":[]"#,
            #""attachment":[{"url":"a","width":1,"height":2},{"mediaType":"image/png"}]"#,
        ] {
            objects.append(#"{"id":"\#(Self.uri)","published":"2024-03-01T09:00:00Z",\#(fields)}"#)
        }
        objects.append(Self.richPost)
        for object in objects {
            var data = Data(object.utf8)
            if let inner = try RawJSON.value(forKey: "object", inObject: data), object.hasPrefix(#"{"type":"Create""#) {
                data = inner
            }
            let status = try mapper.status(from: JSONDecoder().decode(ActivityObject.self, from: data)).get()
            #expect(
                String(decoding: status.json(account: account), as: UTF8.self)
                    == String(decoding: try MappedStatus.encoder.encode(status), as: UTF8.self))
        }
    }

    // MARK: - Helpers

    static func batch() throws -> OutboxBatch {
        let data = try Data(contentsOf: ImportFixture.exportFolder.appending(path: "actor.json"))
        let actor = try ExportActor.parse(data).get()
        return OutboxBatch(mapper: ActivityMapper(actor: actor), entryName: "outbox.json", file: "test.zip")
    }

    /// The archived JSON of a Create whose object has `fields` besides its id and date.
    static func mapped(_ fields: String) throws -> [String: Any] {
        var batch = try batch()
        let extra = fields.isEmpty ? "" : "," + fields
        let item = #"{"type":"Create","object":{"id":"\#(uri)","published":"2024-03-01T09:00:00Z"\#(extra)}}"#
        try batch.add(Data(item.utf8), index: 1)
        #expect(batch.unreadable.isEmpty, "\(batch.unreadable.map(\.reason))")
        let imported = try #require(batch.statuses.first)
        #expect(
            try ArchivableStatus(decoding: imported.status.raw, servedBy: "social.example").status
                == imported.status.status)
        return try #require(try JSONSerialization.jsonObject(with: imported.status.raw) as? [String: Any])
    }

    static let richPost = #"""
        {"type":"Create","object":{"id":"https://social.example/users/alice/statuses/7","type":"Note",
        "published":"2024-03-01T09:00:00Z","updated":"2024-03-02T09:00:00Z","url":"https://social.example/@alice/7",
        "summary":"a/b \"cw\"","sensitive":true,"inReplyTo":"https://social.example/users/alice/statuses/6",
        "to":["https://www.w3.org/ns/activitystreams#Public"],"content":"<p>Caf\u00e9 \ud83d\ude00 \\ \/ tab\t</p>",
        "contentMap":{"fr":"x"},
        "tag":[{"type":"Mention","href":"https://other.example/users/bob","name":"@bob@other.example"},
        {"type":"Hashtag","name":"#Tea","href":"https://social.example/tags/tea"},
        {"type":"Emoji","name":":blob:","icon":{"url":"https://social.example/e.png"}}],
        "attachment":[{"type":"Document","mediaType":"image/png","url":"media_attachments/files/111/000/001/original/a.png",
        "name":"A red square","blurhash":"U00","width":2,"height":2}]}}
        """#
}

extension ActivityMappingTests {
    static let richPostArchived =
        ##"{"account":{"acct":"alice","bot":false,"created_at":"2023-01-01T00:00:00Z","display_name":"Alice Lid"##
        + ##"dell","emojis":[],"fields":[],"followers_count":0,"following_count":0,"id":"https://social.example/u"##
        + ##"sers/alice","locked":false,"note":"<p>Down the rabbit hole</p>","uri":"https://social.example/users/"##
        + ##"alice","url":"https://social.example/@alice","username":"alice"},"content":"<p>Café 😀 \\ / tab\t</p>"##
        + ##"","created_at":"2024-03-01T09:00:00Z","edited_at":"2024-03-02T09:00:00Z","emojis":[{"shortcode":"blo"##
        + ##"b","static_url":"https://social.example/e.png","url":"https://social.example/e.png","visible_in_pick"##
        + ##"er":false}],"favourites_count":0,"id":"7","in_reply_to_id":"6","language":"fr","media_attachments":["##
        + ##"{"blurhash":"U00","description":"A red square","id":"111000001","meta":{"original":{"height":2,"widt"##
        + ##"h":2}},"type":"image","url":"https://social.example/system/media_attachments/files/111/000/001/origi"##
        + ##"nal/a.png"}],"mentions":[{"acct":"bob@other.example","id":"https://other.example/users/bob","url":"h"##
        + ##"ttps://other.example/users/bob","username":"bob"}],"reblogs_count":0,"replies_count":0,"sensitive":t"##
        + ##"rue,"spoiler_text":"a/b \"cw\"","tags":[{"name":"Tea","url":"https://social.example/tags/tea"}],"uri"##
        + ##"":"https://social.example/users/alice/statuses/7","url":"https://social.example/@alice/7","visibilit"##
        + ##"y":"public"}"##
}
