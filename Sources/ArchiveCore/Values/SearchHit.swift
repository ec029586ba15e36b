import Foundation
import SearchQuery

/// One status found by a search or listed. Data only: its one JSON record, what `--json`, `--jsonl` and
/// `--csv` print, is `Display.SearchResult`. It decodes from a row of ``columns`` (plus `rank`) on either
/// store, through ``RowDecoder``: its coding keys are the columns, and `timelines` is attached afterwards.
public struct SearchHit: Hashable, Sendable, Decodable {
    package init(
        number: Int64, uri: String, url: String?, id: String?, acct: String, authorName: String,
        createdAt: String, text: String, spoilerText: String, altText: String, language: String?,
        rank: Double?, timelines: [String]
    ) {
        self.number = number
        self.uri = uri
        self.url = url
        self.id = id
        self.acct = acct
        self.authorName = authorName
        self.createdAt = createdAt
        self.text = text
        self.spoilerText = spoilerText
        self.altText = altText
        self.language = language
        self.rank = rank
        self.timelines = timelines
    }

    /// The archive's number for the status (what `icebox show` takes).
    public var number: Int64
    public var uri: String
    public var url: String?
    /// The status id on the server its JSON came from.
    public var id: String?
    /// The author's full handle, `user@host`.
    public var acct: String
    public var authorName: String
    public var createdAt: String
    /// The status text (index rendering: full URLs, no HTML).
    public var text: String
    public var spoilerText: String
    /// The media descriptions.
    public var altText: String
    public var language: String?
    /// Lower is better (BM25); `nil` when ordered by date.
    public var rank: Double?
    /// The pinned timelines it was seen in, as `spec` or `spec (user@host)`.
    public var timelines: [String] = []
    /// When its server said it was deleted (nil while it was not).
    public var goneAt: String?
    /// When its words and media were removed (`deletions: redact`), leaving a tombstone; nil while kept.
    public var redactedAt: String?
    /// Who sent the copy shown, as stored (``CopyAuthority``); nil when a statement does not read it.
    package var authority: Int?

    /// Whether only a file vouches for the copy shown (an import; no server sent the post yet): listings
    /// mark it as the file's.
    public var fromFile: Bool { authority == CopyAuthority.imported.rawValue }

    /// The columns of ``columns`` (and `rank`) each field is read from.
    enum CodingKeys: String, CodingKey {
        case number = "id"
        case uri, url
        case id = "local_id"
        case acct = "author_handle"
        case authorName = "author_name"
        case createdAt = "created_at"
        case text
        case spoilerText = "spoiler_text"
        case altText = "alt_text"
        case language, rank
        case goneAt = "gone_at"
        case redactedAt = "redacted_at"
        case authority = "raw_authority"
    }
}

extension SearchHit {
    /// The columns a `SearchHit` is read from, on `statuses s`: one text for both stores.
    package static let columns = """
        SELECT s.id, s.uri, s.url, s.author_handle, s.author_name, s.created_at, s.text, s.spoiler_text,
            s.alt_text, s.language, s.gone_at, s.redacted_at, s.raw_authority,
            (SELECT si.local_id FROM status_ids si WHERE si.status_id = s.id AND si.server = s.raw_server
             ORDER BY si.from_file LIMIT 1) AS local_id
        """
}
