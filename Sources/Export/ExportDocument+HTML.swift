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
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self' file: data:; media-src 'self' file:; style-src 'unsafe-inline'">
            <meta name="generator" content="Icebox \(Self.escaped(version))">
            <title>\(Self.escaped(title))</title>
            <style>\(Self.stylesheet)</style>
            </head>
            <body>
            <main>

            """
        page += mainHTML(summary: summary(version: version))
        page += "</main>\n</body>\n</html>\n"
        return Data(page.utf8)
    }

    /// What `<main>` holds, on the export's page and on `icebox serve`'s (through ``StatusPage``): the
    /// title with `summary` and the notes, then one article a status.
    func mainHTML(summary: String?) -> String {
        var html = "<header><h1>\(Self.escaped(title))</h1>"
        if let summary { html += "<p class=\"summary\">\(Self.escaped(summary))</p>" }
        if let note = incompleteNote { html += "<p class=\"summary\">\(Self.escaped(note))</p>" }
        if let note = leftOutNote { html += "<p class=\"summary left-out\">\(Self.escaped(note))</p>" }
        html += "</header>\n"
        let placements = self.placements
        for (index, item) in items.enumerated() { html += article(item, index: index, placement: placements[index]) }
        return html
    }

    private func article(_ item: Item, index: Int, placement: Placement) -> String {
        let status = item.status
        var classes = ["status", "l\(placement.level)"]
        if placement.continuation { classes.append("continued") }
        if case .thread(let focus, _) = kind, focus == index { classes.append("focus") }
        if item.record.goneAt != nil { classes.append("gone") }
        // Each post in its own language, so a reader's browser hyphenates, reads aloud and picks fonts for it.
        let lang = Self.languageTag(status.language).map { " lang=\"\($0)\"" } ?? ""
        var html = "<article id=\"s\(index)\" class=\"\(classes.joined(separator: " "))\"\(lang)>\n"
        html += "<header>"
        if let avatar = Self.shown(item.record.avatar, as: .image) {
            html += "<img class=\"avatar\" src=\"\(Self.entry(avatar))\" alt=\"\" width=\"40\" height=\"40\">"
        }
        html += "<span class=\"name\">\(Self.escaped(status.account.displayName))</span> "
        html += "<span class=\"handle\">@\(Self.escaped(item.handle))</span>"
        html +=
            "<time datetime=\"\(Self.escaped(MastodonDate.format(status.createdAt)))\">\(Self.minute(status.createdAt))</time>"
        if let edited = status.editedAt { html += "<span class=\"edited\">edited \(Self.minute(edited))</span>" }
        if let label = Self.visibilityLabel(status.visibility) {
            html += "<span class=\"visibility \(Self.escaped(status.visibility.rawValue))\">\(label)</span>"
        }
        if let handle = placement.replyingTo {
            html += "<span class=\"replying\">replying to @\(Self.escaped(handle))</span>"
        }
        html += "</header>\n"
        if let gone = item.record.goneAt {
            let how = item.record.goneVia.map { " (learned \(Self.escaped($0.phrase)))" } ?? ""
            let kept = item.record.redactedAt == nil ? "kept by the archive" : "only a tombstone is kept"
            html += "<p class=\"gone-note\">Gone from its server since \(Self.escaped(gone))\(how); \(kept).</p>\n"
        }
        html += Self.boostsHTML(item.record)
        // Behind a content warning, the post is folded as Mastodon shows it: a click opens it, no script.
        let warned = !status.spoilerText.isEmpty
        if warned {
            html +=
                "<details class=\"cw\"><summary><strong>Content warning:</strong> \(Self.escaped(status.spoilerText))</summary>\n"
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
            + Plural.of(status.favouritesCount, "favourite")
        if linksThreads { html += " · <a href=\"statuses/\(item.record.number)\">thread</a>" }
        if let original = Self.anchor(status.url ?? status.uri, text: "original") { html += " · " + original }
        html += "</footer>\n</article>\n"
        return html
    }

    /// A status's `language` as an HTML `lang` value, when it is a plain token (``isSafeName``: what a
    /// server sends is not trusted into an attribute), or `nil`.
    static func languageTag(_ language: String?) -> String? {
        language.flatMap { isSafeName($0) ? $0 : nil }
    }

    private func media(_ item: Item) -> String {
        let attachments = item.status.mediaAttachments
        guard !attachments.isEmpty else { return "" }
        var html = "<div class=\"media\">"
        for (position, media) in attachments.enumerated() {
            let stored = item.record.attachments.first { $0.position == position }
            let alt = Self.escaped(media.description ?? "")
            let caption = media.description.map { "<figcaption>\(Self.escaped($0))</figcaption>" } ?? ""
            html += "<figure>"
            let original = stored?.original
            let preview = Self.shown(stored?.preview, as: .image)
            let kind = MediaFileKind(rawValue: media.type.rawValue == "gifv" ? "video" : media.type.rawValue)
            if let kind, let file = Self.shown(original, as: kind).map(Self.entry) {
                switch kind {
                case .image: html += "<a href=\"\(file)\"><img src=\"\(file)\" alt=\"\(alt)\"\(Self.size(media))></a>"
                case .video:
                    let poster = preview.map { " poster=\"\(Self.entry($0))\"" } ?? ""
                    let loop = media.type.rawValue == "gifv" ? " loop muted autoplay" : ""
                    html += "<video controls\(loop) preload=\"metadata\" src=\"\(file)\"\(poster)></video>"
                case .audio: html += "<audio controls preload=\"metadata\" src=\"\(file)\"></audio>"
                }
            } else {
                if let preview { html += "<img src=\"\(Self.entry(preview))\" alt=\"\(alt)\">" }
                if let original, MediaFileKind(extension: original.ext) != nil {
                    html += "<a href=\"\(Self.entry(original))\">\(Self.escaped(media.type.rawValue)) file</a>"
                } else if original != nil {
                    // Not a format a page may show (an SVG, a page, unknown bytes): kept, never linked.
                    html += "<p class=\"missing\">\(Self.escaped(media.type.rawValue)) file not shown</p>"
                } else if preview == nil {
                    html += "<p class=\"missing\">\(Self.escaped(media.type.rawValue)) not archived</p>"
                }
            }
            html += caption + "</figure>"
        }
        return html + "</div>\n"
    }

    /// ` width="640" height="480"` from the attachment's metadata, so the page reserves the picture's
    /// shape before it loads (CSS scales it to the column); empty when the server gave no size.
    static func size(_ media: MediaAttachment) -> String {
        guard let width = media.meta?.original?.width, let height = media.meta?.original?.height, width <= 100_000,
            height <= 100_000
        else {
            return ""
        }
        return " width=\"\(width)\" height=\"\(height)\""
    }

    /// An anchor to an `http(s)` URL, opening elsewhere without telling that site where it came from;
    /// `nil` for any other scheme. Bidirectional controls in the URL are percent-encoded (so the link
    /// still goes where the server said), as in `thread.md`.
    static func anchor(_ url: String, text: String) -> String? {
        guard isWebLink(url) else { return nil }
        let href = percentEncoding(url) { $0.isHiddenControl }
        return "<a href=\"\(escaped(href))\" rel=\"noopener noreferrer nofollow\">\(escaped(text))</a>"
    }

    /// Text safe in HTML content and in double-quoted attributes; control characters dropped, and so are
    /// bidirectional controls (`isHiddenControl`), as the terminal, Markdown and CSV drop them. Dropped
    /// rather than isolated with `<bdi>`: an isolate only fences text off from its neighbours, while an
    /// override inside it still reverses what it covers (`exe.png` reads `gnp.exe`); and this one
    /// function also writes attributes (`alt`, `title`), where no element can go.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case _
            where (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || scalar.value == 0x7F
                || scalar.isHiddenControl:
                continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
