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
            if SplitPayloads.cardCutOut.contains(uri), uri != "https://b.example/s/10/activity" {
                #expect(!keepsCard, "\(uri) keeps no card in its row")
            }
            if SplitPayloads.cardInPlace.contains(uri) { #expect(keepsCard, "\(uri) keeps its card in place") }
        }
    }

    @Test func aRedactedRowNamesNoCardAndKeepsItsRedactedBytesWhole() async throws {
        let archive = try TemporaryArchive()
        let db = archive.database
        let status = try #require(try SplitPayloads.all().first { $0.status.archiveURI == "https://b.example/s/7" })
        _ = try await db.store([status], server: "b.example")
        let number = try #require(try await db.findStatus(status.status.archiveURI))
        try await db.setDeletionPolicy(.redact)
        try await db.markGone([number], reportedBy: "b.example", at: Date(), via: .recheck)
        #expect(
            try await db.status(number: number).raw == Redaction.redacted(status.raw, uri: status.status.archiveURI))
        let references = try await db.read { db in
            try Int.fetchOne(
                db, sql: "SELECT COUNT(raw_card) + COUNT(raw_card_at) FROM statuses WHERE id = ?", arguments: [number])
        }
        #expect(references == 0, "the redacted row names no card")
    }
}
