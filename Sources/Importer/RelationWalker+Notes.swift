import ArchiveCore
import Foundation
import MastodonAPI
import Models

/// The walk of an account's private notes and its follows' settings (issue 44): no endpoint lists
/// them, so the walk asks `/api/v1/accounts/relationships` about the accounts the ledger holds (those
/// the account follows, mutes, blocks or endorses, and those it has a note on), 40 at a time in the
/// order of their ids. The cursor is the last id asked about, so memory stays flat and a walk cut
/// short resumes there; each request is one of the rate budget's, and the walk stops when it is down.
extension RelationWalker {
    func walkNotes(_ walk: inout RelationWalk, _ context: WalkContext, into report: inout RelationReport) async throws {
        let batchSize = Relations.relationshipsPerRequest
        for _ in 0..<pagesPerRun {
            if await context.rate.isDown {
                report.deferred = true
                return
            }
            let batch = try await archive.relationshipTargets(
                of: context.account.id, after: walk.cursor, limit: batchSize)
            guard !batch.isEmpty else { return try await finish(.notes, walk, context, into: &report) }
            let page: Page<Data>
            do {
                page = try await context.client.relations(
                    .relationships(accountIDs: batch.compactMap(\.targetID)), cursor: PageCursor())
            } catch {
                report.apiError = error
                throw error
            }
            let asked = Dictionary(batch.map { ($0.targetID ?? "", $0) }) { first, _ in first }
            var notes: [RelationEntry] = []
            var settings: [String: FollowSettings] = [:]
            var unreadable = 0
            for raw in page.items {
                // A server speaks only of the accounts it was asked about.
                guard let relationship = try? JSONDecoder().decode(RelationshipEntry.self, from: raw),
                    let account = asked[relationship.id]
                else {
                    unreadable += 1
                    continue
                }
                if relationship.following == true, let reblogs = relationship.showingReblogs,
                    let notifying = relationship.notifying
                {
                    settings[relationship.id] = FollowSettings(
                        showingReblogs: reblogs, notifying: notifying, languages: relationship.validLanguages)
                }
                if let note = relationship.note, !note.isEmpty {
                    var entry = account
                    entry.raw = raw
                    entry.note = note
                    notes.append(entry)
                }
            }
            report.unreadable += unreadable
            // A short batch was the last: the walk then finishes.
            let next = batch.count < batchSize ? nil : batch.last?.targetID
            guard
                let new = try await archive.storeRelationPage(
                    notes, account: context.account.id, kind: .notes, walk: walk, next: next,
                    readable: unreadable == 0, settings: settings)
            else {
                report.deferred = true
                return
            }
            report.new += new
            report.seen += notes.count
            report.pages += 1
            guard let next else { return try await finish(.notes, walk, context, into: &report) }
            walk.cursor = next
        }
    }

    /// A `Relationship` object: what the ledger keeps of it.
    private struct RelationshipEntry: Decodable {
        var id: String
        var following: Bool?
        var showingReblogs: Bool?
        var notifying: Bool?
        var languages: [String]?
        var note: String?

        enum CodingKeys: String, CodingKey {
            case id, following, notifying, languages, note
            case showingReblogs = "showing_reblogs"
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = try c.decode(String.self, forKey: .id)
            following = try? c.decodeIfPresent(Bool.self, forKey: .following)
            showingReblogs = try? c.decodeIfPresent(Bool.self, forKey: .showingReblogs)
            notifying = try? c.decodeIfPresent(Bool.self, forKey: .notifying)
            languages = try? c.decodeIfPresent([String].self, forKey: .languages)
            note = try? c.decodeIfPresent(String.self, forKey: .note)
        }

        /// The languages, each a code of letters, digits and `-` (at most 16): nil (every language)
        /// when the server gave none or one that is not a code.
        var validLanguages: [String]? {
            guard let languages, languages.count <= 200,
                languages.allSatisfy({ code in
                    (1...16).contains(code.utf8.count)
                        && code.unicodeScalars.allSatisfy { RelationWalker.idScalars.contains($0) && $0 != "_" }
                })
            else { return nil }
            return languages
        }
    }
}
