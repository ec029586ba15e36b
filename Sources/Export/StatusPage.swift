import ArchiveCore
import Foundation

/// Archived statuses as HTML through the export's one renderer and sanitiser, for pages served
/// elsewhere (`icebox serve`): the same layout, allow-list and escaping as an export's `index.html`.
///
/// The articles name media as the export does, `media/<sha256>.<ext>` relative to the page, and link
/// each status's thread as `statuses/<number>`: a page that shows them sets `<base href="/">` and
/// answers at `/media/…` and `/statuses/…`.
public struct StatusPage: Sendable {
    /// The page's title (`Thread by @alice@example.social`, or the set's).
    public let title: String
    /// What `<main>` holds: the title and its notes, then one `<article>` a status.
    public let mainHTML: HTML
    /// How many statuses the page shows.
    public let count: Int

    /// The stylesheet the articles are written for (light and dark, readable from 360 px up).
    public static var stylesheet: String { ExportDocument.stylesheet }

    /// The conversation around status `number`, as `icebox export thread` lays it out.
    public static func thread(around number: Int64, in archive: any ArchiveStore) async throws(ExportError)
        -> StatusPage
    {
        StatusPage(try await ExportDocument.thread(around: number, in: archive), summary: nil)
    }

    /// Statuses in the order given under `title`, each linking to its thread, read from the archive and
    /// decoded but not yet rendered: a listing loads its statuses while its total is still being counted,
    /// then renders them under the summary the total gives (`Loaded.page(summary:)`).
    public static func loading(_ numbers: [Int64], title: String, in archive: any ArchiveStore)
        async throws(ExportError) -> Loaded
    {
        Loaded(document: try await ExportDocument.set(numbers, kind: "page", title: title, in: archive))
    }

    /// A page's statuses, read and decoded, waiting for their summary.
    public struct Loaded: Sendable {
        fileprivate let document: ExportDocument

        /// The page, with `summary` shown under the title and `note` (the page's own, on its total)
        /// between the title and the statuses.
        public func page(summary: String?, note: HTML = HTML()) -> StatusPage {
            StatusPage(document, summary: summary, note: note)
        }
    }

    private init(_ document: ExportDocument, summary: String?, note: HTML = HTML()) {
        var document = document
        document.linksThreads = true
        title = document.title
        mainHTML = document.mainHTML(summary: summary, note: note)
        count = document.items.count
    }
}
