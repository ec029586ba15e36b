import Foundation
import MediaFiles
import Models

extension ExportDocument {
    /// `thread.md`: the statuses as Markdown, each reply one blockquote level deeper than its parent.
    /// Everything from servers is escaped, so no post can add headings, links, images or HTML of its own.
    func markdown(version: String) -> Data {
        var lines = ["# " + Self.markdownEscaped(title), ""]
        if let summary = summary(version: version) { lines.append(Self.markdownEscaped(summary)) }
        if let note = incompleteNote { lines += ["", Self.markdownEscaped(note)] }
        if let note = leftOutNote { lines += ["", Self.markdownEscaped(note)] }
        for item in items {
            lines.append("")
            let prefix = String(repeating: "> ", count: item.depth)
            lines += itemLines(item).map { ($0.isEmpty ? String(prefix.dropLast()) : prefix + $0) }
        }
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }

    private func itemLines(_ item: Item) -> [String] {
        let status = item.status
        let name = status.account.displayName.isEmpty ? "" : "**\(Self.markdownEscaped(status.account.displayName))** "
        var lines = [
            name + Self.markdownEscaped("@\(item.handle)") + " · " + Self.minute(status.createdAt)
                + (status.editedAt.map { " · edited " + Self.minute($0) } ?? "")
                + (Self.visibilityLabel(status.visibility).map { " · **" + Self.markdownEscaped($0) + "**" } ?? "")
        ]
        if let gone = item.record.goneAt {
            let how = item.record.goneVia.map { " (learned \($0.phrase))" } ?? ""
            lines.append("*Gone from its server since \(Self.markdownEscaped(gone))\(how).*")
        }
        if !status.spoilerText.isEmpty {
            lines += ["", "**Content warning:** " + Self.markdownEscaped(status.spoilerText)]
        }
        if !item.record.boosts.isEmpty {
            lines += [
                "",
                "*Boosted by "
                    + item.record.boosts.map { Self.markdownEscaped("@" + $0.handle) }.joined(separator: ", ") + "*",
            ]
        }
        let content = Self.markdownLines(StatusHTML.blocks(status.content))
        if !content.isEmpty { lines += [""] + content }
        var extras: [String] = []
        for (position, media) in status.mediaAttachments.enumerated() {
            let alt = media.description.map { Self.markdownEscaped($0.replacingOccurrences(of: "\n", with: " ")) } ?? ""
            let file = item.record.attachments.first { $0.position == position }?.original
            let label = "\(media.type.rawValue)" + (alt.isEmpty ? " (no description)" : ": \(alt)")
            if let file, media.type.rawValue == "image", let image = Self.shown(file, as: .image) {
                extras.append("- ![\(alt)](\(Self.entry(image))) \(label)")
            } else if let file, MediaFileKind(extension: file.ext) != nil {
                extras.append("- [\(media.type.rawValue)](\(Self.entry(file))) \(label)")
            } else if file != nil {
                extras.append("- \(label) (file not shown: not an image, video or audio format)")
            } else {
                extras.append("- \(label) (file not archived)")
            }
        }
        if let poll = status.poll {
            extras += poll.options.map {
                "- poll option: " + Self.markdownEscaped($0.title)
                    + ($0.votesCount.map { " (\($0) vote\($0 == 1 ? "" : "s")\(Self.share($0, of: poll.votesCount)))" }
                        ?? "")
            }
            extras.append("- poll: " + Self.markdownEscaped(Self.pollTotal(poll)))
        }
        if let card = status.card, let link = Self.autolink(card.url) {
            var line = "- card: " + Self.markdownEscaped(card.title) + " " + link
            if let site = card.providerName, !site.isEmpty { line += " (" + Self.markdownEscaped(site) + ")" }
            if !card.description.isEmpty {
                line += " — " + Self.markdownEscaped(card.description.replacingOccurrences(of: "\n", with: " "))
            }
            extras.append(line)
        }
        if !extras.isEmpty { lines += [""] + extras }
        let versions = Self.earlierVersions(item.record)
        if !versions.isEmpty {
            lines += [
                "", "<details><summary>edited \(versions.count) time\(versions.count == 1 ? "" : "s")</summary>", "",
            ]
            for version in versions.reversed() {
                lines += ["*Version of \(Self.minute(version.date)):*", ""]
                if !version.spoilerText.isEmpty {
                    lines += ["**Content warning:** " + Self.markdownEscaped(version.spoilerText), ""]
                }
                lines += Self.markdownLines(StatusHTML.blocks(version.content)) + [""]
            }
            lines.append("</details>")
        }
        if let link = Self.autolink(status.url ?? status.uri) { lines += ["", "Original: " + link] }
        return lines
    }

    /// `<https://…>` for an http(s) URL (with `<`, `>`, spaces and controls percent-encoded), else `nil`.
    static func autolink(_ url: String) -> String? {
        guard isWebLink(url) else { return nil }
        let out = percentEncoding(url) {
            $0 == "<" || $0 == ">" || $0 == " " || $0.value < 0x20 || $0.value == 0x7F || $0.isHiddenControl
        }
        return "<\(out)>"
    }

    /// `url` with each scalar `encoded` says percent-encoded (its UTF-8 bytes as `%XX`).
    static func percentEncoding(_ url: String, _ encoded: (Unicode.Scalar) -> Bool) -> String {
        var out = ""
        for scalar in url.unicodeScalars {
            if encoded(scalar) {
                out += String(scalar).utf8.map { String(format: "%%%02X", $0) }.joined()
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Text with Markdown's syntax characters escaped: inline ones everywhere, block markers (`#`, `-`,
    /// `+`, `=`, `1.`) where they start a line. Control characters (C0, C1) and bidirectional controls
    /// are dropped.
    static func markdownEscaped(_ text: String) -> String {
        var out = ""
        var atLineStart = true
        /// Only digits since the line's start: a `.` or `)` now would start an ordered list.
        var listNumber = false
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 && scalar != "\n" || scalar.value == 0x7F || scalar.isHiddenControl { continue }
            if "\\`*_[]<>|~&".unicodeScalars.contains(scalar)
                || (atLineStart && "#-+=".unicodeScalars.contains(scalar))
                || (listNumber && (scalar == "." || scalar == ")"))
            {
                out += "\\"
            }
            out.unicodeScalars.append(scalar)
            let isDigit = ("0"..."9").contains(scalar)
            listNumber = isDigit && (atLineStart || listNumber)
            atLineStart = scalar == "\n" || (atLineStart && scalar == " ")
        }
        return out
    }

    static func minute(_ date: Date) -> String {
        MastodonDate.format(date).prefix(16).replacingOccurrences(of: "T", with: " ") + " UTC"
    }

    static func day(_ date: Date) -> String { String(MastodonDate.format(date).prefix(10)) }
}
