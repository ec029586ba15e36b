import ArchiveCore
import Foundation
import GRDB
import Models
import Testing

@testable import Archive

/// A boost's boosted post keeps its account object and its card once (schema/0037_boosted_objects_once.sql):
/// a boost carries the post it boosts whole, so those objects were kept in the boost's row as well as in
/// the boosted post's own. (`AccountsOnceTests` reads the split payloads back through every path.)
@Suite struct BoostedObjectsOnceTests {
    /// The ids, stored bodies and bytes read back of the rows of `uris`.
    static func rows(_ db: ArchiveDatabase, _ column: String) async throws -> [String] {
        try await db.read { db in
            try String.fetchAll(db, sql: "SELECT uri FROM statuses WHERE \(column) IS NOT NULL ORDER BY uri")
        }
    }

    static func body(_ db: ArchiveDatabase, _ uri: String) async throws -> String {
        let body = try await db.read { db in
            try Data.fetchOne(db, sql: "SELECT raw_json FROM statuses WHERE uri = ?", arguments: [uri])
        }
        return String(decoding: try #require(body), as: UTF8.self)
    }

    /// Real boosts, each server in its own order (Mastodon and GoToSocial write `reblog` before `account`,
    /// Pleroma after): each keeps its boosted post's account object apart and reads back byte for byte.
    @Test func realBoostsOfManyServersKeepTheBoostedAccountApart() async throws {
        let archive = try TemporaryArchive()
        let db = archive.database
        let names = [
            "status_reblog.mastodon-4.6.4-dev.json", "status_boost_wrapper_warn_filtered.gotosocial-testrig.json",
        ]
        var boosts = try names.map { try ArchivableStatus(decoding: Fixtures.data($0)) }
        boosts += try ArchivableStatus.decodePage(Fixtures.data("timeline_public_reblog.pleroma-via-federatz.json"))
            .items.filter { $0.status.reblog != nil }
        #expect(boosts.count >= 3)
        for boost in boosts {
            _ = try await db.store([boost], server: "fixtures.example")
            let uri = boost.status.archiveURI
            #expect(try await db.rawJSON(uri: uri) == boost.raw, "\(uri) read back byte for byte")
            #expect(try await Self.rows(db, "raw_boosted_account").contains(uri), "\(uri): the boosted account apart")
            #expect(try await Self.rows(db, "raw_account").contains(uri), "\(uri): the booster's account apart")
            let viewed = try await db.read { db in
                try String.fetchOne(db, sql: "SELECT raw_json FROM status_json WHERE uri = ?", arguments: [uri])
            }
            #expect(viewed.map { Data($0.utf8) } == boost.raw, "\(uri) through the status_json view")
        }
    }

    @Test func aBoostKeepsNeitherTheBoostedAuthorsAccountObjectNorTheCardInItsRow() async throws {
        let archive = try TemporaryArchive()
        let db = archive.database
        let statuses = try SplitPayloads.all()
        _ = try await db.store(statuses, server: "b.example")
        let boosts = ["https://b.example/s/10/activity", "https://b.example/s/4/activity"]
        #expect(try await Self.rows(db, "raw_boosted_account") == boosts, "both boosts' boosted accounts cut out")
        #expect(try await Self.rows(db, "raw_boosted_card") == [boosts[0]], "the boosted post's card cut out")
        for boost in boosts {
            let body = try await Self.body(db, boost)
            #expect(!body.contains(#"ren\u00e9@b.example"#), "\(boost) keeps no account object in its row")
            #expect(!body.contains("Kites"), "\(boost) keeps no card in its row")
            #expect((try? JSONSerialization.jsonObject(with: Data(body.utf8))) != nil, "\(boost): still JSON")
            let sent = try #require(statuses.first { $0.status.archiveURI == boost }).raw
            #expect(try await db.rawJSON(uri: boost) == sent, "\(boost) read back byte for byte")
        }
        let (accounts, cards) = try await db.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM raw_accounts") ?? 0,
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM raw_cards") ?? 0
            )
        }
        #expect((accounts, cards) == (1, 1), "one account object and one card, however many rows show them")
    }

    /// Boosts whose objects come in orders no server sends, or cannot be told apart: what comes before an
    /// object already cut out stays in place, and every one reads back byte for byte.
    @Test func objectsOutOfOrderOrInDoubtStayInPlaceAndEveryBoostReadsBack() async throws {
        let account = SplitPayloads.escapedAccount
        let card = SplitPayloads.card
        let common = #""content":"","visibility":"public","mentions":[],"tags":[],"emojis":[]"#
        func boost(_ n: Int, before: String = #""account":\#(account)"#, inner: String, after: String = "") -> String {
            #"{"id":"o\#(n)","uri":"https://c.example/o/\#(n)/activity","created_at":"2026-03-01T00:00:0\#(n).000Z","#
                + #"\#(common),\#(before.isEmpty ? "" : before + ",")"reblog":{"id":"i\#(n)","#
                + #""uri":"https://c.example/i/\#(n)","created_at":"2026-03-01T00:00:00.000Z",\#(common),\#(inner)}"#
                + #"\#(after.isEmpty ? "" : "," + after)}"#
        }
        let cases: [(json: String, cut: Set<String>)] = [
            // The inner card before the inner account: the account is cut out, the card stays.
            (boost(1, inner: #""card":\#(card),"account":\#(account)"#), ["raw_account", "raw_boosted_account"]),
            // The boosted post before the account, as Mastodon and GoToSocial send it: all four cut out.
            (
                boost(
                    2, before: "", inner: #""account":\#(account),"card":\#(card)"#,
                    after: #""account":\#(account),"card":\#(card)"#),
                ["raw_boosted_account", "raw_boosted_card", "raw_account", "raw_card"]
            ),
            // That order with a card before the boosted post: what comes before an object cut out stays.
            (
                boost(
                    6, before: #""card":\#(card)"#, inner: #""account":\#(account),"card":\#(card)"#,
                    after: #""account":\#(account)"#), ["raw_boosted_account", "raw_boosted_card", "raw_account"]
            ),
            // That order with the boosted post's account in doubt (twice): its card and the account cut out.
            (
                boost(
                    7, before: "", inner: #""account":\#(account),"account":\#(account),"card":\#(card)"#,
                    after: #""account":\#(account)"#), ["raw_boosted_card", "raw_account"]
            ),
            // An inner key written with an escape: nothing of the boosted post is cut out.
            (boost(3, inner: #""acc\u006funt":\#(account),"card":\#(card)"#), ["raw_account"]),
            // The inner account twice: in doubt, it stays; the card after it is cut out.
            (
                boost(4, inner: #""account":\#(account),"account":\#(account),"card":\#(card)"#),
                ["raw_account", "raw_boosted_card"]
            ),
            // All four, and an outer card after the boosted post.
            (
                boost(5, inner: #""account":\#(account),"card":\#(card)"#, after: #""card":\#(card)"#),
                ["raw_account", "raw_boosted_account", "raw_boosted_card", "raw_card"]
            ),
        ]
        let archive = try TemporaryArchive()
        let db = archive.database
        for (json, cut) in cases {
            let status = try ArchivableStatus(decoding: Data(json.utf8))
            _ = try await db.store([status], server: "c.example")
            let uri = status.status.archiveURI
            #expect(try await db.rawJSON(uri: uri) == status.raw, "\(uri) read back byte for byte")
            let viewed = try await db.read { db in
                try String.fetchOne(db, sql: "SELECT raw_json FROM status_json WHERE uri = ?", arguments: [uri])
            }
            #expect(viewed.map { Data($0.utf8) } == status.raw, "\(uri) through the status_json view")
            var named: Set<String> = []
            for slot in StoredRawJSON.Slot.allCases where try await Self.rows(db, slot.columns.reference).contains(uri)
            {
                named.insert(slot.columns.reference)
            }
            #expect(named == cut, "\(uri)")
        }
    }

    /// A card only a boost names stays while the boost shows it (its boosted post edited to another card),
    /// and goes with the boost's redaction.
    @Test func aCardOnlyABoostShowsStaysUntilTheBoostIsRedacted() async throws {
        let archive = try TemporaryArchive()
        let db = archive.database
        let s10 = try #require(
            try SplitPayloads.all().first { $0.status.archiveURI == "https://b.example/s/10/activity" })
        // The boost without its outer card: only the boosted post's names it.
        let json = String(decoding: s10.raw, as: UTF8.self)
        let outerCard = try #require(json.range(of: #","card":"#, options: .backwards))
        let boost = try ArchivableStatus(decoding: Data((json[..<outerCard.lowerBound] + "}").utf8))
        _ = try await db.store([boost], server: "b.example")
        #expect(try await Self.rows(db, "raw_boosted_card") == [boost.status.archiveURI])
        // The boosted post edited to another card: the first is the boost's alone.
        let post = String(
            decoding: try #require(try RawJSON.value(forKey: "reblog", inObject: boost.raw)), as: UTF8.self
        )
        .replacingOccurrences(of: #""id":"s11","#, with: #""id":"s11","edited_at":"2026-02-02T00:00:00.000Z","#)
        .replacingOccurrences(of: "Kites", with: "Kestrels")
        let edit = try ArchivableStatus(decoding: Data(post.utf8))
        _ = try await db.store([edit], server: "b.example")
        #expect(try await db.rawJSON(uri: edit.status.archiveURI) == edit.raw)
        #expect(try await Self.cards(db) == ["Kestrels", "Kites"], "the boost still shows the first card")
        #expect(try await db.rawJSON(uri: boost.status.archiveURI) == boost.raw)
        let boostID = try #require(
            try await db.read { db in
                try Int64.fetchOne(
                    db, sql: "SELECT id FROM statuses WHERE uri = ?", arguments: [boost.status.archiveURI])
            })
        try await db.setDeletionPolicy(.redact)
        try await db.markGone([boostID], reportedBy: "b.example", at: Date(), via: .recheck)
        #expect(try await Self.cards(db) == ["Kestrels"], "no row shows the first card any more")
        #expect(try await Self.rows(db, "raw_boosted_account").isEmpty, "the redacted boost names no account object")
        #expect(try await db.rawJSON(uri: edit.status.archiveURI) == edit.raw)
    }

    /// The cards kept, by the word that tells them apart; a row that names a card not kept fails.
    static func cards(_ db: ArchiveDatabase) async throws -> [String] {
        let (cards, dangling) = try await db.read { db in
            (
                try Data.fetchAll(db, sql: "SELECT json FROM raw_cards"),
                try Int.fetchOne(
                    db,
                    sql: """
                        SELECT COUNT(*) FROM statuses WHERE raw_card NOT IN (SELECT id FROM raw_cards)
                            OR raw_boosted_card NOT IN (SELECT id FROM raw_cards)
                        """) ?? -1
            )
        }
        #expect(dangling == 0, "every card a row names is kept")
        return cards.map { String(decoding: $0, as: UTF8.self).contains("Kites") ? "Kites" : "Kestrels" }.sorted()
    }
}
