import Foundation
import MediaFiles
import Models

extension ExportDocument {
    /// `index.html`: one self-contained page (inline CSS, no scripts, nothing fetched from anywhere:
    /// its Content-Security-Policy forbids it) showing the statuses with their images, videos and
    /// audio from the export's own `media/`. An author's continuation of their own post stays in its
    /// column; replies from others are indented (a few steps at most, see ``placements``). All text
    /// from servers is escaped; links are plain `http(s)` anchors.
    func html(version: String) -> Data {
        // The stylesheet is this module's own constant (no server's text in it, no `</style>`).
        let style = HTML(trusted: Self.stylesheet)
        var page: HTML = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self' file: data:; media-src 'self' file:; style-src 'unsafe-inline'">
            <meta name="generator" content="Icebox \(version)">
            <title>\(title)</title>
            <style>\(style)</style>
            </head>
            <body>
            <main>

            """
        page += mainHTML(summary: summary(version: version))
        page += "</main>\n</body>\n</html>\n"
        return page.data
    }

    /// What `<main>` holds, on the export's page and on `icebox serve`'s (through ``StatusPage``): the
    /// title with `summary` and the notes, then `note` (the served page's own, on its total), then one
    /// article a status.
    func mainHTML(summary: String?, note: HTML = HTML()) -> HTML {
        var html: HTML = "<header><h1>\(title)</h1>"
        if let summary { html += "<p class=\"summary\">\(summary)</p>" }
        if let note = incompleteNote { html += "<p class=\"summary\">\(note)</p>" }
        if let note = leftOutNote { html += "<p class=\"summary left-out\">\(note)</p>" }
        html += "</header>\n"
        html += note
        let placements = self.placements
        for (index, item) in items.enumerated() { html += article(item, index: index, placement: placements[index]) }
        return html
    }

    private func article(_ item: Item, index: Int, placement: Placement) -> HTML {
        let status = item.status
        var classes = ["status", "l\(placement.level)"]
        if placement.continuation { classes.append("continued") }
        if case .thread(let focus, _) = kind, focus == index { classes.append("focus") }
        if item.record.goneAt != nil { classes.append("gone") }
        // Each post in its own language, so a reader's browser hyphenates, reads aloud and picks fonts for it.
        let lang: HTML = Self.languageTag(status.language).map { " lang=\"\($0)\"" } ?? ""
        var html: HTML = "<article id=\"s\(index)\" class=\"\(classes.joined(separator: " "))\"\(lang)>\n"
        html += "<header>"
        if let avatar = Self.shown(item.record.avatar, as: .image) {
            html += "<img class=\"avatar\" src=\"\(Self.entry(avatar))\" alt=\"\" width=\"40\" height=\"40\">"
        }
        html += "<span class=\"name\">\(status.account.displayName)</span> "
        html += "<span class=\"handle\">@\(item.handle)</span>"
        html +=
            "<time datetime=\"\(MastodonDate.format(status.createdAt))\">\(Self.minute(status.createdAt))</time>"
        if let edited = status.editedAt { html += "<span class=\"edited\">edited \(Self.minute(edited))</span>" }
        if let label = Self.visibilityLabel(status.visibility) {
            html += "<span class=\"visibility \(status.visibility.rawValue)\">\(label)</span>"
        }
        if let handle = placement.replyingTo {
            html += "<span class=\"replying\">replying to @\(handle)</span>"
        }
        html += "</header>\n"
        if let gone = item.record.goneAt {
            let how: HTML = item.record.goneVia.map { " (learned \($0.phrase))" } ?? ""
            let kept = item.record.redactedAt == nil ? "kept by the archive" : "only a tombstone is kept"
            html += "<p class=\"gone-note\">Gone from its server since \(gone)\(how); \(kept).</p>\n"
        }
        html += Self.boostsHTML(item.record)
        // Behind a content warning, the post is folded as Mastodon shows it: a click opens it, no script.
        let warned = !status.spoilerText.isEmpty
        if warned {
            html +=
                "<details class=\"cw\"><summary><strong>Content warning:</strong> \(status.spoilerText)</summary>\n"
        }
        let blocks = StatusHTML.blocks(status.content)
        if !blocks.isEmpty {
            html += "<div class=\"content\">" + Self.contentHTML(blocks, emoji: item.record.emoji) + "</div>\n"
        }
        html += media(item)
        if let poll = status.poll { html += Self.pollHTML(poll) }
        if let card = status.card { html += Self.cardHTML(card) }
        if warned { html += "</details>\n" }
        html += Self.historyHTML(item.record)
        html +=
            "<footer>\(Plural.of(status.repliesCount, "reply", "replies")) · \(Plural.of(status.reblogsCount, "boost")) · "
            + "\(Plural.of(status.favouritesCount, "favourite"))"
        if linksThreads { html += " · <a href=\"statuses/\(item.record.number)\">thread</a>" }
        if let original = Self.anchor(status.url ?? status.uri, text: "original") { html += " · \(original)" }
        html += "</footer>\n</article>\n"
        return html
    }

    /// A status's `language` as an HTML `lang` value, when it is a plain token (``isSafeName``: what a
    /// server sends is not trusted into an attribute), or `nil`.
    static func languageTag(_ language: String?) -> String? {
        language.flatMap { isSafeName($0) ? $0 : nil }
    }

    private func media(_ item: Item) -> HTML {
        let attachments = item.status.mediaAttachments
        guard !attachments.isEmpty else { return HTML() }
        var html: HTML = "<div class=\"media\">"
        for (position, media) in attachments.enumerated() {
            let stored = item.record.attachments.first { $0.position == position }
            let alt = media.description ?? ""
            let caption: HTML = media.description.map { "<figcaption>\($0)</figcaption>" } ?? ""
            html += "<figure>"
            let original = stored?.original
            let preview = Self.shown(stored?.preview, as: .image)
            let kind = MediaFileKind(rawValue: media.type.rawValue == "gifv" ? "video" : media.type.rawValue)
            if let kind, let file = Self.shown(original, as: kind).map(Self.entry) {
                switch kind {
                case .image: html += "<a href=\"\(file)\"><img src=\"\(file)\" alt=\"\(alt)\"\(Self.size(media))></a>"
                case .video:
                    let poster: HTML = preview.map { " poster=\"\(Self.entry($0))\"" } ?? ""
                    let loop: HTML = media.type.rawValue == "gifv" ? " loop muted autoplay" : ""
                    html += "<video controls\(loop) preload=\"metadata\" src=\"\(file)\"\(poster)></video>"
                case .audio: html += "<audio controls preload=\"metadata\" src=\"\(file)\"></audio>"
                }
            } else {
                if let preview { html += "<img src=\"\(Self.entry(preview))\" alt=\"\(alt)\">" }
                if let original, MediaFileKind(extension: original.ext) != nil {
                    html += "<a href=\"\(Self.entry(original))\">\(media.type.rawValue) file</a>"
                } else if original != nil {
                    // Not a format a page may show (an SVG, a page, unknown bytes): kept, never linked.
                    html += "<p class=\"missing\">\(media.type.rawValue) file not shown</p>"
                } else if preview == nil {
                    html += "<p class=\"missing\">\(media.type.rawValue) not archived</p>"
                }
            }
            html += caption + "</figure>"
        }
        return html + "</div>\n"
    }

    /// ` width="640" height="480"` from the attachment's metadata, so the page reserves the picture's
    /// shape before it loads (CSS scales it to the column); empty when the server gave no size.
    static func size(_ media: MediaAttachment) -> HTML {
        guard let width = media.meta?.original?.width, let height = media.meta?.original?.height, width <= 100_000,
            height <= 100_000
        else {
            return HTML()
        }
        return " width=\"\(width)\" height=\"\(height)\""
    }

    /// An anchor to an `http(s)` URL, opening elsewhere without telling that site where it came from;
    /// `nil` for any other scheme. Bidirectional controls in the URL are percent-encoded (so the link
    /// still goes where the server said), as in `thread.md`.
    static func anchor(_ url: String, text: String) -> HTML? {
        guard isWebLink(url) else { return nil }
        let href = percentEncoding(url) { $0.isHiddenControl }
        return "<a href=\"\(href)\" rel=\"noopener noreferrer nofollow\">\(text)</a>"
    }
}
