import Foundation
import Models
import SearchQuery

/// The columns of a `statuses` row, derived from a decoded status and the server that sent it.
package struct StatusRow {
    package var uri: String
    package var url: String?
    package var createdAt: String
    /// The smallest `sort_key` of its creation millisecond (see `SortKey`).
    package var sortFloor: Int64
    package var editedAt: String?
    package var authorHandle: String
    package var authorName: String
    package var reblogURI: String?
    package var visibility: String
    package var language: String?
    package var sensitive: Bool
    package var spoilerText: String
    package var content: String
    package var text: String
    package var altText: String
    package var extraText: String
    package var searchAuthor: String
    package var tagNames: String
    /// Two-character pieces of text in scripts written without spaces (see `NoSpaceScript`).
    package var searchCJK: String
    package var mediaCount: Int
    package var hasPoll: Bool
    package var hasCard: Bool
    package var isReply: Bool
    package var counts: (replies: Int, reblogs: Int, favourites: Int)
    package var raw: Data
    package var server: String
    /// `nil` when `uri` is the server's own; otherwise which fallback it is (see `StatusIdentity`).
    package var uriKind: String?
    /// How far the copy is to be believed (see `CopyAuthority`).
    package var authority: CopyAuthority

    /// `authorHandle` is the author's full `user@host` (see `Account.fullHandle(servedBy:)`).
    package init(_ status: Status, raw: Data, server: String, authorHandle: String, authority: CopyAuthority) {
        let isBoost = status.reblog != nil
        uri = status.archiveURI
        url = status.url
        createdAt = Timestamp.string(status.createdAt)
        sortFloor = SortKey.floor(status.createdAt)
        editedAt = status.editedAt.map(Timestamp.string)
        self.authorHandle = authorHandle
        authorName = status.account.displayName
        reblogURI = status.reblog?.archiveURI
        visibility = status.visibility.rawValue
        language = status.language
        sensitive = status.sensitive
        content = status.content
        mediaCount = status.mediaAttachments.count
        hasPoll = status.poll != nil
        hasCard = status.card != nil
        isReply = status.inReplyToID != nil
        counts = (status.repliesCount, status.reblogsCount, status.favouritesCount)
        self.raw = raw
        self.server = server
        uriKind = status.identity == .uri ? nil : status.identity.rawValue
        self.authority = authority
        // A boost indexes nothing of its own: it is found through the post it boosts.
        if isBoost {
            spoilerText = ""
            text = ""
            altText = ""
            extraText = ""
            searchAuthor = ""
            tagNames = ""
            searchCJK = ""
        } else {
            spoilerText = WordBoundaries.separatingSymbols(status.spoilerText)
            text = WordBoundaries.separatingSymbols(StatusHTML.indexText(status.content))
            altText = WordBoundaries.separatingSymbols(
                status.mediaAttachments.compactMap(\.description).joined(separator: "\n"))
            extraText = WordBoundaries.separatingSymbols(
                ((status.poll?.options.map(\.title) ?? [])
                    + [status.card?.title, status.card?.description].compactMap { $0 }.filter { !$0.isEmpty })
                    .joined(separator: "\n"))
            searchAuthor = WordBoundaries.separatingSymbols("\(status.account.displayName) \(authorHandle)")
            tagNames = Hashtag.column(status.tags.map(\.name))
            searchCJK = NoSpaceScript.indexText([text, spoilerText, altText, extraText, status.account.displayName])
        }
    }

    /// The columns `init` fills, in the order of `arguments` in the SQLite store. `content` is not among
    /// them: SQLite reads it from the raw JSON (a generated column, `schema/0034`).
    package static let columns = """
        uri, url, created_at, edited_at, author_handle, author_name, reblog_uri, visibility, language, sensitive,
        spoiler_text, text, alt_text, extra_text, search_author, tag_names, media_count, has_poll, has_card,
        in_reply_to, replies_count, reblogs_count, favourites_count, raw_json, raw_server, search_cjk, uri_kind,
        raw_authority
        """
}
