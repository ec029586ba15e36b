import Foundation

/// Converts the HTML of a status's `content` to plain text.
///
/// One forgiving tokenizer and one walk serve two renderings: ``indexText(_:)`` for the full-text
/// index and ``displayText(_:mentions:)`` for a terminal. Both work on the UTF-8 bytes in a single
/// linear pass, never trap on malformed input, and drop everything that is not text:
///
/// - Tags are stripped; unclosed tags are closed at the end, stray end tags are ignored, a `<` that
///   does not start a tag stays text, and a tag cut off by the end of the input is dropped (as in HTML5).
///   Tag and attribute names are case-insensitive; attribute values may be double-, single- or unquoted.
/// - Comments, doctypes, and the content of `script`, `style`, `iframe`, `noscript`, `title`,
///   `textarea`, `head`, `svg`, `math`, `template`, `object`, `select`, `canvas`, `audio`, `video`
///   are dropped.
/// - Character references are decoded: every named one of the WHATWG list (generated into
///   `StatusHTMLEntities+Table.swift` by `scripts/generate-html-entities`), the legacy ones without `;`
///   as browsers read them (`&copy 2026`), and all numeric ones (`&#39;`, `&#x27;`). Unknown or
///   malformed references are kept as written (`AT&T`, `&bogus;`).
/// - Whitespace outside `pre`/`code` is collapsed as a browser would; inside them it is kept verbatim.
/// - Control characters (C0 except whitespace, DEL, C1), written or encoded, never reach the output,
///   so a post cannot send escape sequences to a terminal. Tabs survive only inside `pre`/`code`.
/// - `<p>` and `</p>` separate paragraphs with a blank line (`"\n\n"`), and so do `div`, `blockquote`,
///   `pre`, headings and top-level lists; `<br>`, `<br/>`, `<br />` each add one line break; `li`, `hr`,
///   `tr` and other block elements start a new line. So words from adjacent blocks never run together.
/// - Leading and trailing whitespace is trimmed; there is no trailing newline.
/// - Quote fallbacks (`<span class="quote-inline">`, `<p class="quote-inline">`), which Mastodon 4.4+
///   adds for clients that do not understand quotes, are dropped in **both** renderings: they only
///   repeat the link to the quoted post, which the archive stores separately as the `quote`.
/// - Custom emoji are already `:shortcode:` text; an `<img>` whose `alt` is `:shortcode:` is kept as such.
public enum StatusHTML {
    /// Mastodon's plain-text rules, for the full-text index.
    ///
    /// The text of `span.invisible` is kept, so a link's full URL (`https://…/long/path`) is searchable,
    /// and mentions and hashtags stay exactly as written (`@halcy`, `#tag`). Unlike Mastodon's
    /// `PlainTextFormatter`, which adds a single newline after each run of `</p>`/`<br>`, paragraphs are
    /// separated by a blank line and every `<br>` counts.
    ///
    /// Example: `<p>a &amp; b<br>c</p><p>d</p>` → `"a & b\nc\n\nd"`.
    public static func indexText(_ html: String) -> String {
        Renderer.render(html, mode: .index, mentions: [])
    }

    /// What a person reads in a terminal.
    ///
    /// Differences from ``indexText(_:)``:
    /// - `span.invisible` is dropped and `…` follows `span.ellipsis`, so links read as Mastodon shows
    ///   them (`soundcloud.com/wakarangirl/pop…`).
    /// - A mention link (`<a>` whose class has `mention` but not `hashtag`, with `u-url` or inside an
    ///   `h-card`, or whose href is a mention's URL) shows as `@` plus the mention's full acct,
    ///   qualified with the host (and port) of its profile URL when the acct is local
    ///   (`halcy` → `@halcy@mastodon.social`). The link is matched by its href against `Mention.url`
    ///   (exactly, then ignoring case and trailing slashes); failing that, by its visible text
    ///   (`@user@host` against the acct, or `@user` when exactly one mention has that username);
    ///   failing that, the visible text is shown as it is. Hashtags stay `#tag`.
    /// - List items start lines with `• ` (`1. `, `2. `, … in ordered lists, honouring `start`),
    ///   nested lists are indented, and continuation lines of an item are indented under its text.
    /// - Lines inside `<blockquote>` start with `> ` (blank lines inside it with `>`).
    /// - `<hr>` is a line of ten `―`.
    ///
    /// Example: `<p><span class="h-card"><a href="https://mastodon.social/@halcy" class="u-url mention">@<span>halcy</span></a></span> hi</p>`
    /// with the mention `acct: "halcy", url: "https://mastodon.social/@halcy"` → `"@halcy@mastodon.social hi"`.
    public static func displayText(_ html: String, mentions: [Mention]) -> String {
        Renderer.render(html, mode: .display, mentions: mentions)
    }
}
