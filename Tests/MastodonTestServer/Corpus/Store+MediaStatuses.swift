import Foundation

/// Statuses whose attachments point at chosen media paths (faults, large or slow files).
extension Store {
    /// Appends a status (public unless `visibility` says otherwise) by the local account `username` (newer than everything so far) with one
    /// attachment per path, replying to `inReplyTo` when given (and mentioning its author). Returns its
    /// id, or nil for an unknown or remote account or an unknown parent.
    mutating func addStatus(
        username: String, mediaPaths: [String], description: String?, text: String? = nil,
        inReplyTo parentID: String? = nil, visibility: Visibility = .public,
        tags: [String] = [], mentioning: [String] = []
    ) -> String? {
        guard let author = accountIndex(username: username), accounts[author].isLocal else { return nil }
        let parent = parentID.flatMap { statuses[$0] }
        if parentID != nil, parent == nil { return nil }
        clock = clock.addingTimeInterval(1)
        let id = allocateID(for: clock)
        let mentioned = mentioning.compactMap { accountIndex(username: $0) }
        let tagLinks = tags.map { ContentText.hashtag($0, domain: host) }.joined(separator: " ")
        let body = ContentText.paragraphs(fromPlainText: text ?? "Media test \(id)")
        let content = tagLinks.isEmpty ? body : body + "<p>\(tagLinks)</p>"
        let media = mediaPaths.map { path in
            MediaRecord(
                id: allocateID(for: clock), type: "image", fileExtension: "png", description: description,
                width: 640, height: 480, blurhash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj", duration: nil, path: path)
        }
        insert(
            StatusRecord(
                id: id, createdAt: clock, author: author,
                content: content, spoilerText: "", sensitive: false,
                visibility: visibility, language: "en", media: media, poll: nil, card: nil, tags: tags,
                mentions: (parent.map { $0.author == author ? [] : [$0.author] } ?? []) + mentioned,
                emojis: [], inReplyToID: parent?.id, inReplyToAccount: parent?.author, reblogOf: nil, originID: id,
                reblogsCount: 0, favouritesCount: 0))
        return id
    }

    /// Appends a boost of `targetID` by the local account `username` (newer than everything so far).
    /// Returns the boost's id, or nil for an unknown or remote account, or a target that is unknown, a
    /// boost itself, or not public.
    mutating func addBoost(of targetID: String, username: String) -> String? {
        guard let author = accountIndex(username: username), accounts[author].isLocal,
            let target = statuses[targetID], !target.isReblog, target.visibility == .public
        else { return nil }
        clock = clock.addingTimeInterval(1)
        let id = allocateID(for: clock)
        insert(
            StatusRecord(
                id: id, createdAt: clock, author: author, content: "", spoilerText: "", sensitive: false,
                visibility: .public,
                language: nil, media: [], poll: nil, card: nil, tags: [], mentions: [], emojis: [], inReplyToID: nil,
                inReplyToAccount: nil, reblogOf: targetID, originID: id, reblogsCount: 0, favouritesCount: 0))
        statuses[targetID]?.reblogsCount += 1
        return id
    }
}
