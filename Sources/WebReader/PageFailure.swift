import Export
import HTTPTypes

/// Why a page cannot be shown: a status (404 for what the archive does not hold, 400 for a query that
/// does not parse) and a sentence, shown as a page or, for JSON, as `{"error": …}`.
struct PageFailure: Error, Sendable {
    var status: HTTPResponse.Status
    var message: String
    /// Headers the answer carries (a 416's `Content-Range`).
    var headers: [HTTPField] = []

    func reply(_ request: PageRequest, version: String) -> Reply {
        var reply = page(request, version: version)
        reply.headers += headers
        return reply
    }

    private func page(_ request: PageRequest, version: String) -> Reply {
        if request.wantsJSON {
            var reply = Reply.json(Reader.jsonError(message))
            reply.status = status
            return reply
        }
        let main: HTML =
            "<header><h1>\(status.code) \(status.reasonPhrase)</h1></header>\n<p class=\"error\">\(message)</p>"
        // A search that cannot be run keeps its words in the box, to be mended rather than typed again.
        let query = request.path == "/search" ? request.value("q") ?? "" : ""
        return .page(
            PageShell.page(title: status.reasonPhrase, main: main, query: query, version: version), status: status)
    }
}
