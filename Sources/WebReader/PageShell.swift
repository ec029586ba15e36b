import Export
import Foundation
import MediaFiles

/// The frame of every page: the head with its one stylesheet, the top bar (home, stats, the search
/// form, which works without script) and the footer. Nothing loads from anywhere but this server, and
/// nothing runs: the page's Content-Security-Policy (``contentSecurityPolicy``) allows only its own
/// stylesheet, by hash, and the archive's media from this server.
enum PageShell {
    /// A whole page around `main`.
    static func page(title: String, main: HTML, query: String = "", version: String) -> HTML {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="referrer" content="no-referrer">
        <base href="/">
        <title>\(title) · Icebox</title>
        <style>\(style)</style>
        </head>
        <body>
        <nav class="top"><a href="/" class="brand">Icebox</a> <a href="/stats">Stats</a>
        <form action="/search" method="get" role="search"><input type="search" name="q" \
        value="\(query)" aria-label="Search the archive" placeholder="Search the archive">\
        <button type="submit">Search</button></form></nav>
        <main>
        \(main)
        </main>
        <footer class="site">Icebox \(version) · read-only</footer>
        </body>
        </html>

        """
    }

    /// The export's stylesheet, then the reader's own additions (the top bar, lists, tables, charts).
    static let stylesheet = StatusPage.stylesheet + "\n" + readerStylesheet

    /// The stylesheet as the page's markup: two constants of this program (no server's text in them, no
    /// `</style>`), and what ``styleHash`` lets the page apply.
    private static let style = HTML(trusted: stylesheet)

    /// `default-src 'none'` and exactly what the pages need from this server: the stylesheet by its
    /// hash, pictures, video and sound from `/media/`, the search form. No script, no frames.
    static let contentSecurityPolicy =
        "default-src 'none'; style-src '\(styleHash)'; img-src 'self'; media-src 'self'; form-action 'self'; "
        + "base-uri 'self'; frame-ancestors 'none'"

    /// The CSP of everything that is not a page (JSON, text, media files): nothing may load or run.
    static let lockedPolicy = "default-src 'none'; frame-ancestors 'none'; sandbox"

    /// `sha256-<base64>` of the stylesheet, as CSP names an inline style.
    static let styleHash: String = {
        var hash = SHA256()
        hash.update(Data(stylesheet.utf8))
        return "sha256-" + Data(hash.finalize()).base64EncodedString()
    }()

    private static let readerStylesheet = """
        nav.top { display: flex; flex-wrap: wrap; align-items: center; gap: .4rem .9rem;
            padding: .5rem clamp(.5rem, 3vw, 1rem); border-bottom: 1px solid var(--line); }
        nav.top .brand { font-weight: 700; text-decoration: none; }
        nav.top form { display: flex; gap: .3rem; flex: 1 1 14rem; min-width: 0; }
        nav.top input { flex: 1; min-width: 0; font: inherit; padding: .25rem .4rem; }
        button { font: inherit; }
        footer.site { color: var(--muted); font-size: .8rem; text-align: center; padding: 1rem; }
        .pager { display: flex; justify-content: space-between; gap: 1rem; margin: 1.2rem 0; }
        .note { color: var(--muted); }
        .hidden-note { color: var(--gone); font-size: .9rem; }
        .error { color: var(--gone); }
        table { border-collapse: collapse; width: 100%; font-size: .9rem; display: block; overflow-x: auto; }
        th, td { text-align: left; padding: .25rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
        td.num, th.num { text-align: right; }
        table.timelines th, table.timelines td.num { white-space: nowrap; overflow-wrap: normal; }
        table.timelines td.when { min-width: 5.5em; }
        section.timeline { margin: 1.2rem 0; }
        section.timeline h2, section h2 { font-size: 1.15rem; margin: 1.2rem 0 .3rem; }
        ul.newest { list-style: none; padding: 0; margin: .3rem 0; }
        ul.newest li { padding: .3rem 0; border-bottom: 1px solid var(--line); }
        ul.newest .who { color: var(--muted); font-size: .85rem; }
        .health-ok { color: inherit; }
        .health-bad { color: var(--gone); font-weight: 600; }
        .chart { margin: .4rem 0 1rem; font-size: .85rem; }
        .chart .bar { fill: var(--accent); }
        .chart .gap { fill: var(--gone); }
        .chart.columns svg { display: block; width: 100%; height: 9rem; border-bottom: 1px solid var(--line); }
        .chart.columns .top { color: var(--muted); }
        .chart.columns .axis { display: flex; justify-content: space-between; gap: .5rem; color: var(--muted); }
        .chart.rows { list-style: none; padding: 0; }
        .chart.rows li { display: grid; grid-template-columns: minmax(0, 40%) minmax(0, 1fr) auto; gap: .5rem;
            align-items: center; padding: .1rem 0; }
        .chart.rows .label { overflow-wrap: anywhere; }
        .chart.rows svg { display: block; width: 100%; height: .9rem; }
        .chart.rows .count { min-width: 2.5em; text-align: right; font-variant-numeric: tabular-nums; }
        details.operators { margin: .6rem 0 1rem; font-size: .9rem; }
        .profile-images { margin: .6rem 0; }
        .profile-images img.header { display: block; width: 100%; max-height: 10rem; object-fit: cover; }
        .profile-images img.avatar, .profile-history img.avatar { width: 2.5rem; height: 2.5rem; object-fit: cover;
            border-radius: 6px; vertical-align: middle; }
        details.operators code { white-space: nowrap; }
        """
}
