import ArchiveCore
import Foundation
import Testing

@testable import Archive

/// `icebox stats`'s breakdown against what the archived JSON says.
@Suite struct BreakdownTests {
    /// `user@host` of a status's author, from its JSON (a local account's acct has no host: its url's).
    static func handle(_ status: [String: Any]) -> String {
        let account = status["account"] as? [String: Any] ?? [:]
        let acct = account["acct"] as? String ?? ""
        if acct.contains("@") { return acct }
        // The profile's domain with its port when it has one (a server on a port is `host:port` in handles).
        let url = (account["url"] as? String).flatMap { URL(string: $0) }
        return acct + "@" + (url?.host ?? "") + (url?.port.map { ":\($0)" } ?? "")
    }

    static func ranked(_ values: [String]) -> [ArchiveBreakdown.Count] {
        Dictionary(values.map { ($0, 1) }, uniquingKeysWith: +).map {
            ArchiveBreakdown.Count(name: $0.key, count: $0.value)
        }
        .sorted { ($0.count, $1.name) > ($1.count, $0.name) }
    }

    @Test func wholeArchiveMatchesTheArchivedJSON() async throws {
        let s = try await SearchArchive.shared.value
        let breakdown = try await s.archive.breakdown(top: 10_000)
        let posts = Array(s.posts.values)
        #expect(breakdown.posts == posts.count)
        #expect(breakdown.authors.map(\.name).sorted() == Self.ranked(posts.map(Self.handle)).map(\.name).sorted())
        #expect(breakdown.authors.map(\.count) == Self.ranked(posts.map(Self.handle)).map(\.count))
        #expect(
            breakdown.languages == Self.ranked(posts.map { ($0["language"] as? String)?.lowercased() ?? "unknown" }))
        let months = Self.ranked(posts.map { String(($0["created_at"] as? String ?? "").prefix(7)) })
        #expect(breakdown.months == months.sorted { $0.name < $1.name })
        let tags = posts.flatMap { post in
            Set(
                (post["tags"] as? [[String: Any]] ?? []).map {
                    ($0["name"] as? String ?? "").folding(
                        options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
                })
        }
        #expect(breakdown.hashtags == Self.ranked(tags), "hashtags as Mastodon folds them, each once a post")
        #expect(
            breakdown.servers.first.map { $0.count }
                == Self.ranked(
                    posts.map { Self.handle($0).split(separator: "@").last.map(String.init)?.lowercased() ?? "" }
                ).first?.count)
        let top = try await s.archive.breakdown(top: 2)
        #expect(top.authors == Array(breakdown.authors.prefix(2)) && top.months == breakdown.months)
    }

    @Test func oneTimelineCountsItsPostsOnceBoostsAsWhatTheyBoost() async throws {
        let s = try await SearchArchive.shared.value
        let home = try #require(try await s.archive.timelines().first { $0.spec == "home" })
        let numbers = try await s.archive.timelineNumbers(timelineID: home.id, since: nil, until: nil, consent: .off)
        let breakdown = try await s.archive.breakdown(timelineID: home.id, top: 10_000)
        #expect(breakdown.posts == numbers.count && breakdown.posts < s.posts.count)
        #expect(breakdown.months.reduce(0) { $0 + $1.count } == numbers.count)
        #expect(breakdown.authors.reduce(0) { $0 + $1.count } == numbers.count)
    }
}
