import ArchiveCore
import Display
import Export

extension Reader {
    /// The conversation around a status, through the export's renderer (the same layout and sanitiser
    /// as `icebox export thread`'s page); as JSON, its statuses as `icebox search --json` records, in
    /// conversation order.
    func thread(_ number: Int64, _ request: PageRequest) async throws -> Reply {
        if request.wantsJSON {
            let tree = try await store.thread(around: number)
            return try json(try await store.posts(numbered: tree.numbers).map { SearchResult(hit: $0, words: []) })
        }
        let page = try await StatusPage.thread(around: number, in: store)
        return .page(PageShell.page(title: page.title, main: page.mainHTML, version: version))
    }
}
