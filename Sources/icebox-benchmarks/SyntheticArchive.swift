import Archive
import ArchiveCore
import Foundation
import GRDB
import Logging
import MastodonTestServer
import Models
import SearchQuery

/// Writes a large archive straight into the schema (the import path is measured elsewhere): statuses
/// with realistic text lengths, several languages including Japanese, authors, dates over three years,
/// media, polls, cards, replies, content warnings and boosts, from a fixed seed. They are stored in the
/// order a sync stores them: archiving began at 60% of the time span, then catch-up pages (newer) and
/// backfill pages (older) alternate, each page oldest first as Icebox stores one, so archive order is not
/// date order.
struct SyntheticArchive {
    let path: URL
    let count: Int

    /// The archive at `path` when one is given; otherwise a synthetic one of `statuses` statuses in the
    /// temporary folder, named `name-statuses.sqlite`, built on first use and reused by later runs.
    static func prepared(_ path: String?, statuses: Int, name: String, logger: Logger) async throws -> URL {
        let url = URL(
            fileURLWithPath: path
                ?? FileManager.default.temporaryDirectory.appending(path: "\(name)-\(statuses).sqlite").path)
        if !FileManager.default.fileExists(atPath: url.path) {
            print("generating \(statuses) statuses…")
            let clock = ContinuousClock()
            let started = clock.now
            try await SyntheticArchive(path: url, count: statuses).build(logger: logger)
            print(String(format: "built in %.1f s", (clock.now - started).seconds))
        }
        return url
    }

    /// An archive folder for the `icebox` binary: `home` when given, otherwise `name-statuses` in the
    /// temporary folder, whose `archive.sqlite` is ``prepared(_:statuses:name:logger:)`` (built on first
    /// use, reused by later runs).
    static func preparedHome(_ home: String?, statuses: Int, name: String, logger: Logger) async throws -> URL {
        let folder = URL(
            fileURLWithPath: home
                ?? FileManager.default.temporaryDirectory.appending(path: "\(name)-\(statuses)").path)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = try await prepared(
            folder.appending(path: "archive.sqlite").path, statuses: statuses, name: name, logger: logger)
        return folder
    }

    /// Word lists by language, frequent words first (a Zipf-like pick favours the head).
    static let vocabulary: [String: [String]] = [
        "en":
            "the and to of a in is it you that for on with this was are have be at not but just so my like what all about one can get out people now time more think today good new really know great day want work first love back still need"
            .split(separator: " ").map(String.init)
            + (0..<4000).map { "word\($0)" },
        "de": "und die der ist das ich nicht es zu ein mit auf den wie auch sie heute noch mal schon gut".split(
            separator: " "
        ).map(String.init)
            + (0..<1500).map { "wort\($0)" },
        "fr": "le la de et les des est un une pour pas que en sur avec café été très plus comme être".split(
            separator: " "
        ).map(String.init)
            + (0..<1500).map { "mot\($0)" },
    ]
    static let japanese = ["東京", "タワー", "今日", "天気", "大阪", "京都", "ラーメン", "電車", "仕事", "週末", "映画", "音楽", "写真", "散歩", "桜"]

    func build(logger: Logger) async throws {
        let archive = try ArchiveDatabase(path: path, logger: logger)
        _ = try await archive.stats()
        let queue = try DatabaseQueue(path: path.path)
        try await queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO timelines(id, spec, account_id, server, added_at) VALUES (1, 'home', NULL, 'https://bench.example', '2026-01-01T00:00:00.000Z'),
                    (2, 'tag:swift', NULL, 'https://bench.example', '2026-01-01T00:00:00.000Z'),
                    (3, 'bookmarks', NULL, 'https://bench.example', '2026-01-01T00:00:00.000Z')
                    """)
        }
        let start = MastodonClock.start
        var nextID: Int64 = 1
        for page in Self.pages(count: count, size: 2000) {
            // Each row's content depends on its place in time only, not on when it is stored.
            let rows = page.map { index in
                var random = SeededRandom(seed: 42 &+ UInt64(index))
                defer { nextID += 1 }
                return Self.row(index, id: nextID, random: &random, start: start)
            }
            try await queue.write { db in
                let insert = try db.makeStatement(
                    sql: """
                        INSERT INTO statuses(id, uri, url_kept, created_at, author_handle, author_name, reblog_uri, visibility,
                            language, sensitive, spoiler_text, text, alt_text, extra_text, search_author, tag_names,
                            media_count, has_poll, has_card, in_reply_to, raw_json, raw_server, first_seen_at, updated_at,
                            search_cjk, sort_key)
                        VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'bench.example', ?, ?, ?,
                            \(SortKey.nextSQL))
                        """)
                let member = try db.makeStatement(sql: "INSERT INTO timeline_statuses VALUES (?, ?, ?)")
                let media = try db.makeStatement(
                    sql:
                        "INSERT INTO media_attachments(status_id, position, media_id, type, description) VALUES (?, 0, ?, ?, ?)"
                )
                for row in rows {
                    try insert.execute(arguments: row.arguments)
                    try member.execute(arguments: [row.id % 7 == 0 ? 2 : 1, row.id, row.createdAt])
                    if row.id % 97 == 0 { try member.execute(arguments: [3, row.id, row.createdAt]) }
                    if let type = row.mediaType {
                        try media.execute(arguments: [row.id, "m\(row.id)", type, row.alt.isEmpty ? nil : row.alt])
                    }
                }
            }
        }
        // Authors as sync keeps them; a few (about 3% of handles, more of the posts) opted out of search,
        // so the consent filter has work to do.
        try await queue.write { db in
            try db.execute(
                sql: """
                    INSERT OR IGNORE INTO authors(handle, display_name, raw_json, updated_at, opted_out)
                    SELECT DISTINCT author_handle, 'User', X'7B7D', '2026-01-01T00:00:00.000Z',
                        author_handle GLOB 'user*3@host1*' FROM statuses
                    """)
        }
    }

    /// Indexes in time order (0 oldest), in the order a sync stores them: from 60% of the span, a page
    /// of newer statuses and a page of older ones in turn, each page oldest first.
    static func pages(count: Int, size: Int) -> [[Int]] {
        let pivot = count * 6 / 10
        let newer = stride(from: pivot, to: count, by: size).map { Array($0..<min($0 + size, count)) }
        let older = stride(from: pivot, to: 0, by: -size).map { Array(max($0 - size, 0)..<$0) }
        var pages: [[Int]] = []
        for turn in 0..<max(newer.count, older.count) {
            if turn < newer.count { pages.append(newer[turn]) }
            if turn < older.count { pages.append(older[turn]) }
        }
        return pages
    }

    struct GeneratedRow {
        var id: Int64
        var createdAt: String
        var arguments: StatementArguments
        var mediaType: String?
        var alt: String
    }

    static func row(_ index: Int, id: Int64, random: inout SeededRandom, start: Date) -> GeneratedRow {
        let created = start.addingTimeInterval(Double(index) * 94.6 + Double(random.next(60)))
        let date = MastodonDate.format(created)
        let language = ["en", "en", "en", "de", "fr", "ja", "en", "de"][random.next(8)]
        var words: [String] = []
        let length = 5 + random.next(45) + (random.next(10) == 0 ? 80 : 0)
        for _ in 0..<length {
            if language == "ja" {
                words.append(japanese[random.zipf(japanese.count)] + ["は", "に", "を", "が", "の", "。"][random.next(6)])
            } else {
                let list = vocabulary[language] ?? vocabulary["en"]!
                words.append(list[random.zipf(list.count)])
            }
        }
        let text = language == "ja" ? words.joined() : words.joined(separator: " ")
        let author = "user\(random.zipf(1000))@host\(random.next(40)).example"
        let mediaType: String? =
            random.next(5) == 0 ? ["image", "image", "video", "gifv", "audio"][random.next(5)] : nil
        let alt = mediaType != nil && random.next(2) == 0 ? "a photo of \(words.prefix(4).joined(separator: " "))" : ""
        let spoiler = random.next(20) == 0 ? "spoiler \(words.first ?? "")" : ""
        let tags = [random.next(4) == 0 ? "swift" : "", random.next(50) == 0 ? "caturday" : ""]
            .filter { !$0.isEmpty }.joined(separator: " ")
        let roll = random.next(100)
        let visibility = roll < 78 ? "public" : roll < 90 ? "unlisted" : roll < 99 ? "private" : "direct"
        let raw = Data(
            #"{"id":"\#(id)","uri":"https://bench.example/users/u/statuses/\#(id)","url":"https://bench.example/@u/\#(id)","created_at":"\#(date)","language":"\#(language)","content":"<p>\#(text)</p>","account":{"id":"1","username":"u","acct":"\#(author)","display_name":"User","note":"","url":"https://bench.example/@u","avatar":"https://bench.example/a.png","header":"","followers_count":10,"following_count":5,"statuses_count":100,"fields":[],"emojis":[]},"media_attachments":[],"mentions":[],"tags":[],"emojis":[],"visibility":"public","sensitive":false,"spoiler_text":"","replies_count":0,"reblogs_count":0,"favourites_count":0}"#
                .utf8)
        let cjk = language == "ja" ? NoSpaceScript.indexText([text]) : ""
        let arguments: StatementArguments = [
            // The url is read from the raw JSON (schema/0041_url_from_json.sql): none is kept apart.
            id, "https://bench.example/users/u/statuses/\(id)", nil as String?, date, author,
            "User \(index % 1000)",
            visibility, language, !spoiler.isEmpty, spoiler, text, alt,
            random.next(25) == 0 ? "poll option a\nb" : "",
            "User \(author)", tags, mediaType == nil ? 0 : 1, random.next(25) == 0, random.next(10) == 0,
            random.next(3) == 0,
            raw, date, date, cjk, SortKey.floor(created), SortKey.floor(created), SortKey.floor(created),
        ]
        return GeneratedRow(id: id, createdAt: date, arguments: arguments, mediaType: mediaType, alt: alt)
    }
}

/// The start of the synthetic archive's time span.
enum MastodonClock {
    static let start = Date(timeIntervalSince1970: 1_700_000_000)
}

/// The test server's SplitMix64: the same archive from the same seed on every run.
struct SeededRandom {
    var generator: SplitMix64
    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    /// A value in `0..<bound`.
    mutating func next(_ bound: Int) -> Int { generator.int(bound) }

    /// An index skewed to the front, like word frequencies.
    mutating func zipf(_ count: Int) -> Int {
        let u = Double(next(1_000_000) + 1) / 1_000_001
        return min(count - 1, Int(pow(Double(count), u)) - 1)
    }
}
