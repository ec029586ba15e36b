import Foundation

/// Text snippets and Mastodon-flavoured HTML builders for synthetic statuses.
enum ContentText {
    static let languages: [String?] = ["en", "en", "en", "en", "de", "fr", "ja", "ja", "es", nil]

    static let sentences: [String: [String]] = [
        "en": [
            "Just finished reading about SQLite's FTS5 & it's brilliant.",
            "Coffee first, then code.", "Can't believe it's already Friday!",
            "The new release is out <3", "Walked along the river this morning, the light was \"perfect\".",
            "Anyone else archiving their timeline? Asking for a friend.",
            "Rain again. Good day to fix old bugs.", "Tea > coffee, fight me.",
        ],
        "de": [
            "Heute gibt es Kartoffelsuppe & frisches Brot.", "Der Zug hat wieder Verspätung.",
            "Endlich Wochenende!", "Schöne Grüße aus Köln.",
        ],
        "fr": [
            "Il fait très beau aujourd'hui.", "J'ai testé la nouvelle version, c'est génial !",
            "Café & croissant, comme d'habitude.", "Où est passé l'été ?",
        ],
        "ja": [
            "今日はいい天気ですね。", "新しいアプリを試しています。", "猫がかわいい。",
            "東京は雨が降っています。", "週末は山に行きました！",
        ],
        "es": [
            "¡Qué día tan bonito!", "Probando la nueva versión & me encanta.",
            "Mañana vuelvo a la oficina.", "¿Alguien más usa Mastodon?",
        ],
    ]

    static let tags = [
        "swift", "mastodon", "linux", "photography", "cats", "caturday",
        "fediverse", "sqlite", "icebox", "日本語",
    ]

    static let spoilers = ["politics", "food", "long post", "ネタバレ", "eye contact"]

    static let customEmojis = ["blobcat", "ablobwave"]

    static let links = [
        "https://www.example.org/articles/2026/archiving-the-fediverse",
        "https://blog.example.net/posts/why-sqlite-is-enough",
        "https://example.com/", "https://docs.example.org/mastodon/api/timelines#pagination",
    ]

    /// Escapes text the way Mastodon's HTML does (`'` as `&#39;`).
    static func escape(_ text: String) -> String {
        var out = ""
        for ch in text {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(ch)
            }
        }
        return out
    }

    static func percentEncode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? text
    }

    static func hashtag(_ tag: String, domain: String) -> String {
        "<a href=\"https://\(domain)/tags/\(percentEncode(tag))\" class=\"mention hashtag\" rel=\"tag\">#<span>\(escape(tag))</span></a>"
    }

    static func mention(username: String, profileURL: String) -> String {
        "<span class=\"h-card\" translate=\"no\"><a href=\"\(profileURL)\" class=\"u-url mention\">@<span>\(escape(username))</span></a></span>"
    }

    /// A link shortened like Mastodon: scheme (and `www.`) invisible, 30 visible characters, rest invisible.
    static func link(_ url: String) -> String {
        var prefix = url.hasPrefix("https://") ? "https://" : "http://"
        var rest = String(url.dropFirst(prefix.count))
        if rest.hasPrefix("www.") {
            prefix += "www."
            rest = String(rest.dropFirst(4))
        }
        let visible: String
        if rest.count > 30 {
            visible =
                "<span class=\"ellipsis\">\(escape(String(rest.prefix(30))))</span>"
                + "<span class=\"invisible\">\(escape(String(rest.dropFirst(30))))</span>"
        } else {
            visible = "<span class=\"\">\(escape(rest))</span>"
        }
        return "<a href=\"\(escape(url))\" target=\"_blank\" rel=\"nofollow noopener\" translate=\"no\">"
            + "<span class=\"invisible\">\(prefix)</span>\(visible)</a>"
    }

    /// Wraps plain text into Mastodon paragraphs: blank lines split `<p>`, single newlines become `<br>`.
    static func paragraphs(fromPlainText text: String) -> String {
        text.components(separatedBy: "\n\n").map { para in
            "<p>"
                + para.split(separator: "\n", omittingEmptySubsequences: false)
                .map { escape(String($0)) }.joined(separator: "<br>") + "</p>"
        }.joined()
    }
}
