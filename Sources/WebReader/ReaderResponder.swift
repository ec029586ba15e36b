import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Answers every request: the guard first (``RequestGuard``), then the route (``Reader``), then the
/// headers every answer carries: a Content-Security-Policy, `nosniff`, no referrer, same-origin only.
struct ReaderResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let reader: Reader
    let requestGuard: RequestGuard

    func respond(to request: Request, context: Context) async throws -> Response {
        let reply: Reply
        if let refusal = requestGuard.refusal(
            authority: request.head.authority, authorization: request.headers[.authorization])
        {
            reply = refusal
        } else if request.method != .get && request.method != .head {
            reply = .text("Only GET: the reader never changes the archive", status: .methodNotAllowed)
        } else {
            let accept = request.headers[.accept] ?? ""
            reply = await reader.reply(
                to: request.uri.path, query: request.uri.query ?? "", wantsJSON: accept.contains("application/json"))
        }
        return Self.response(reply, head: request.method == .head)
    }

    /// The reply with the headers every answer carries.
    static func response(_ reply: Reply, head: Bool) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = reply.type
        headers[.contentSecurityPolicy] = reply.isPage ? PageShell.contentSecurityPolicy : PageShell.lockedPolicy
        headers[.xContentTypeOptions] = "nosniff"
        headers[.crossOriginResourcePolicy] = "same-origin"
        if let referrer = HTTPField.Name("Referrer-Policy") { headers[referrer] = "no-referrer" }
        if let frames = HTTPField.Name("X-Frame-Options") { headers[frames] = "DENY" }
        headers[.cacheControl] = "no-store"
        for field in reply.headers { headers[field.name] = field.value }
        headers[.contentLength] = String(reply.body.count)
        let body = head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: reply.body))
        return Response(status: reply.status, headers: headers, body: body)
    }
}
