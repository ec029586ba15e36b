import ArchiveCore
import Foundation
import GRDB
import Models
import Testing

@testable import Archive

/// Each preview card stored once (schema/0035_cards_once.sql): a status's row keeps its JSON without its
/// card, the card is kept once however many posts link the same page, and every read gets the bytes the
/// server sent. (`AccountsOnceTests` reads these payloads back through every path too.)
@Suite struct CardsOnceTests {
    @Test func aCardIsStoredOnceWhereItCanBeCutOutWithoutDoubtAndEveryReadGetsTheBytes() async throws {
        let archive = try TemporaryArchive()
        let db = archive.database
        let statuses = try SplitPayloads.all()
        _ = try await db.store(statuses, server: "b.example")
        // What each uri was sent as: a status's bytes, or those of the post a boost carried.
        var sent: [String: Data] = [:]
        for status in statuses {
            sent[status.status.archiveURI] = status.raw
            if let reblog = status.status.reblog {
                sent[reblog.archiveURI] = try RawJSON.value(forKey: "reblog", inObject: status.raw)
            }
        }
        let (cut, cards, storedCards) = try await db.read { db in
            (
                try String.fetchAll(db, sql: "SELECT uri FROM statuses WHERE raw_card IS NOT NULL ORDER BY uri"),
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM raw_cards") ?? 0,
                try Data.fetchAll(db, sql: "SELECT json FROM raw_cards")
            )
        }
        #expect(cut == SplitPayloads.cardCutOut.sorted(), "the cards cut out, and only those")
        #expect(cards == 1, "four posts with the same card keep it once")
        #expect(storedCards == [Data(SplitPayloads.card.utf8)], "the card byte for byte")
        for uri in SplitPayloads.cardCutOut + SplitPayloads.cardInPlace {
            let sent = try #require(sent[uri])
            let (body, viewed) = try await db.read { db in
                (
                    try Data.fetchOne(db, sql: "SELECT raw_json FROM statuses WHERE uri = ?", arguments: [uri]),
                    try String.fetchOne(db, sql: "SELECT raw_json FROM status_json WHERE uri = ?", arguments: [uri])
                )
            }
            #expect(try await db.rawJSON(uri: uri) == sent, "\(uri) read back")
            #expect(viewed.map { Data($0.utf8) } == sent, "\(uri) through the status_json view")
            let stored = try #require(body)
            #expect(
                (try? JSONSerialization.jsonObject(with: stored)) != nil, "\(uri): the column stays JSON")
            let keepsCard = String(decoding: stored, as: UTF8.self).contains("Kites")
            // A boost's boosted post's card is cut out too (schema/0037_boosted_objects_once.sql).
            if SplitPayloads.cardCutOut.contains(uri) { #expect(!keepsCard, "\(uri) keeps no card in its row") }
            if SplitPayloads.cardInPlace.contains(uri) { #expect(keepsCard, "\(uri) keeps its card in place") }
        }
    }

    static func split(_ uri: String) throws -> ArchivableStatus {
        try #require(try SplitPayloads.all().first { $0.status.archiveURI == uri })
    }

    /// The number of cards kept, and whether any row names one that is not kept.
    static func cards(_ db: ArchiveDatabase) async throws -> (kept: Int, dangling: Int) {
        try await db.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM raw_cards") ?? -1,
                try Int.fetchOne(
                    db,
                    sql: """
                        SELECT COUNT(*) FROM statuses
                        WHERE raw_card IS NOT NULL AND raw_card NOT IN (SELECT id FROM raw_cards)
                        """
                ) ?? -1
            )
        }
    }

    @Test func aRedactedPostTakesItsCardAlongAndKeepsItsRedactedBytesWhole() async throws {
        let archive = try TemporaryArchive()
        let db = archive.database
        let status = try Self.split("https://b.example/s/7")
        _ = try await db.store([status], server: "b.example")
        let number = try #require(try await db.findStatus(status.status.archiveURI))
        try await db.setDeletionPolicy(.redact)
        try await db.markGone([number], reportedBy: "b.example", at: Date(), via: .recheck)
        let redacted = Redaction.redacted(status.raw, uri: status.status.archiveURI)
        #expect(try await db.status(number: number).raw == redacted)
        let references = try await db.read { db in
            try Int.fetchOne(
                db, sql: "SELECT COUNT(raw_card) + COUNT(raw_card_at) FROM statuses WHERE id = ?", arguments: [number])
        }
        #expect(references == 0, "the redacted row names no card")
        #expect(try await Self.cards(db).kept == 0, "what the gone post showed is not kept apart either")
    }

    @Test func aCardAnotherPostShowsStaysAndAnEditedCardLeavesNoneUnused() async throws {
        let archive = try TemporaryArchive()
        let db = archive.database
        let (gone, kept) = (try Self.split("https://b.example/s/7"), try Self.split("https://b.example/s/8"))
        _ = try await db.store([gone, kept], server: "b.example")
        try await db.setDeletionPolicy(.redact)
        let number = try #require(try await db.findStatus(gone.status.archiveURI))
        try await db.markGone([number], reportedBy: "b.example", at: Date(), via: .recheck)
        #expect(try await Self.cards(db) == (1, 0), "the card of the post still there stays")
        #expect(try await db.rawJSON(uri: kept.status.archiveURI) == kept.raw)
        // An edit of that post with another card: the first is no longer shown anywhere.
        let edited = String(decoding: kept.raw, as: UTF8.self)
            .replacingOccurrences(of: #""id":"s8","#, with: #""id":"s8","edited_at":"2026-02-02T00:00:00.000Z","#)
            .replacingOccurrences(of: "Kites", with: "Kestrels")
        let edit = try ArchivableStatus(decoding: Data(edited.utf8))
        _ = try await db.store([edit], server: "b.example")
        #expect(try await db.rawJSON(uri: kept.status.archiveURI) == edit.raw)
        let stored = try await db.read { db in try Data.fetchAll(db, sql: "SELECT json FROM raw_cards") }
        #expect(stored.map { String(decoding: $0, as: UTF8.self).contains("Kestrels") } == [true], "one card, the new")
    }
}
