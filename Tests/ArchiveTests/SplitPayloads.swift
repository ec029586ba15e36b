import Foundation
import Models

/// Hand-made statuses whose account objects and cards are odd in the ways a byte-for-byte split must
/// survive: escapes inside the object, spaces around the key, the object first or last, the same object in
/// two statuses and twice in one (a boost of the author's own post), a key written with an escape, a card
/// before the account, a card that is `null`, and a boost whose card is the boosted post's.
/// (`BoostedObjectsOnceTests` has boosts whose objects come in other orders.)
enum SplitPayloads {
    static let escapedAccount =
        #"{"id":"7","username":"ren\u00e9","acct":"ren\u00e9@b.example","display_name":"Ren\u00e9 \ud83d\udc1d","#
        + #""url":"https:\/\/b.example\/@ren\u00e9","note":"<p>\"quoted\" \\ back<\/p>","fields":[],"emojis":[]}"#

    /// A preview card as Mastodon sends it, with escapes and non-ASCII text.
    static let card =
        #"{"url":"https:\/\/news.example\/a?x=1&y=\"2\"","title":"Caf\u00e9 \"Kites\" \u2014 漢字","#
        + #""description":"{\"not\":\"an object\"} card","type":"link","author_name":"","author_url":"","#
        + #""provider_name":"News","provider_url":"","html":"","width":400,"height":200,"#
        + #""image":"https:\/\/news.example\/i.png","embed_url":"","blurhash":"UBL_:rOpGG-oBUNG,qRj2so|=eE1w^n4S5NH"}"#

    /// The statuses of `all()` that carry `card`, by the place it is kept: cut out, or in place.
    /// (The post a boost carries is a row of its own, its card cut out of its bytes as of any post's.)
    static let cardCutOut = [
        "https://b.example/s/7", "https://b.example/s/8", "https://b.example/s/10/activity", "https://b.example/s/11",
    ]
    static let cardInPlace = ["https://b.example/s/9", "https://b.example/s/12"]

    static func all() throws -> [ArchivableStatus] {
        let common = #""content":"<p>split payload</p>","visibility":"public","mentions":[],"tags":[],"emojis":[]"#
        let documents = [
            // Escapes inside the account object.
            #"{"id":"s1","uri":"https://b.example/s/1","created_at":"2026-02-01T00:00:01.000Z",\#(common),"#
                + #""account":\#(escapedAccount)}"#,
            // The same object again in another status: stored once.
            #"{"id":"s2","uri":"https://b.example/s/2","created_at":"2026-02-01T00:00:02.000Z",\#(common),"#
                + #""account":\#(escapedAccount)}"#,
            // The object first, with spaces and a newline around the key.
            #"{ "account" : \#(escapedAccount) ,"id":"s3","uri":"https://b.example/s/3","#
                + "\n" + #""created_at":"2026-02-01T00:00:03.000Z",\#(common)}"#,
            // A boost of the author's own post: the object twice, the outer one cut out.
            #"{"id":"s4","uri":"https://b.example/s/4/activity","created_at":"2026-02-01T00:00:04.000Z","#
                + #"\#(common),"account":\#(escapedAccount),"reblog":{"id":"s5","uri":"https://b.example/s/5","#
                + #""created_at":"2026-02-01T00:00:00.000Z",\#(common),"account":\#(escapedAccount)}}"#,
            // The key written with an escape: kept whole.
            #"{"id":"s6","uri":"https://b.example/s/6","created_at":"2026-02-01T00:00:06.000Z",\#(common),"#
                + #""acc\u006funt":\#(escapedAccount)}"#,
            // A card after the account, multi-byte text between them: both cut out.
            #"{"id":"s7","uri":"https://b.example/s/7","created_at":"2026-02-01T00:00:07.000Z","#
                + #""account":\#(escapedAccount),\#(common),"spoiler_text":"漢字 ü \u00fc","card":\#(card),"poll":null}"#,
            // The same card in another status, last, with spaces: stored once.
            #"{"id":"s8","uri":"https://b.example/s/8","created_at":"2026-02-01T00:00:08.000Z","#
                + #""account":\#(escapedAccount),\#(common), "card" :\#(card) }"#,
            // A card before the account: the account is cut out, the card stays.
            #"{"id":"s9","uri":"https://b.example/s/9","created_at":"2026-02-01T00:00:09.000Z","card":\#(card),"#
                + #"\#(common),"account":\#(escapedAccount)}"#,
            // A boost: its own card (the boosted post's, as Mastodon sends it) cut out, and the boosted post's
            // account object and card too.
            #"{"id":"s10","uri":"https://b.example/s/10/activity","created_at":"2026-02-01T00:00:10.000Z","#
                + #"\#(common),"account":\#(escapedAccount),"reblog":{"id":"s11","uri":"https://b.example/s/11","#
                + #""created_at":"2026-02-01T00:00:00.500Z",\#(common),"account":\#(escapedAccount),"#
                + #""card":\#(card)},"card":\#(card)}"#,
            // The card twice: kept in place (which one a reader takes is the reader's business).
            #"{"id":"s12","uri":"https://b.example/s/12","created_at":"2026-02-01T00:00:12.000Z","#
                + #""account":\#(escapedAccount),\#(common),"card":\#(card),"card":\#(card)}"#,
            // A card that is null: nothing to cut.
            #"{"id":"s13","uri":"https://b.example/s/13","created_at":"2026-02-01T00:00:13.000Z","#
                + #""account":\#(escapedAccount),\#(common),"card":null}"#,
        ]
        return try documents.map { try ArchivableStatus(decoding: Data($0.utf8)) }
    }

    /// A status of a.example, edited at `editedAt` or never, with a long account object.
    static func edited(_ editedAt: String?) -> ArchivableStatus {
        withBigAccount(
            Fixtures.status(id: "e1", text: editedAt == nil ? "first words" : "edited words", editedAt: editedAt))
    }

    /// `status` with a profile as long as a real server's (about 900 bytes, as on mastodon-mock).
    static func withBigAccount(_ status: ArchivableStatus) -> ArchivableStatus {
        let small =
            #""account":{"id":"1","username":"u","acct":"u","display_name":"Ursula","url":"https://a.example/@u"}"#
        let note = String(repeating: "I write about birds, kites and the weather on the coast. ", count: 8)
        let big =
            #""account":{"id":"1","username":"u","acct":"u","display_name":"Ursula","url":"https://a.example/@u","#
            + #""locked":false,"bot":false,"created_at":"2020-01-01T00:00:00.000Z","note":"<p>\#(note)</p>","#
            + #""avatar":"https://a.example/avatars/u.png","header":"https://a.example/headers/u.png","#
            + #""followers_count":1234,"following_count":321,"statuses_count":5678,"fields":[],"emojis":[]}"#
        var text = String(decoding: status.raw, as: UTF8.self)
        text = text.replacingOccurrences(of: small, with: big)
        // swiftlint:disable:next force_try
        return try! ArchivableStatus(decoding: Data(text.utf8))
    }
}
