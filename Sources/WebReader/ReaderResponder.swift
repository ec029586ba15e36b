import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Answers every request: the guard first (``RequestGuard``), then the route (``Reader``) within the
/// store's deadline, then the headers every answer carries: a Content-Security-Policy, `nosniff`, no
/// referrer, same-origin only.
struct ReaderResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let reader: Reader
    let requestGuard: RequestGuard
    /// The OAuth endpoints (``OAuthRoutes``).
    let oauth: OAuthEndpoints
    /// How long a page may wait for the store (``ReaderConfiguration/storeDeadline``).
    let storeDeadline: Duration

    func respond(to request: Request, context: Context) async throws -> Response {
        let head = request.method == .head
        if Self.isAPI(request.uri.path) { return await apiResponse(request) }
        if let signed = await signedMedia(request, context: context) { return signed }
        switch requestGuard.verdict(request) {
        case .refuse(let reply):
            return Self.response(reply, head: head)
        case .welcome(let location):
            var response = Response(status: .seeOther, headers: [.location: location])
            Self.addCommonHeaders(to: &response.headers, isPage: false)
            response.headers[.contentLength] = "0"
            response.setCookie(OwnerSecret.cookie(port: requestGuard.port, token: requestGuard.secret.token))
            return response
        case .pass:
            break
        }
        // Sign-in as a Mastodon server offers it, with the POSTs it takes (issue 45).
        if OAuthRoutes.handles(request.uri.path) {
            let oauth = self.oauth
            let reply = await Deadline.run(within: storeDeadline) { await oauth.respond(to: request) }
            return Self.response(
                reply ?? tooSlow(PageRequest(path: request.uri.path, query: "", wantsJSON: true)), head: head)
        }
        guard request.method == .get || head else {
            return Self.response(
                .text("Only GET: the reader never changes the archive", status: .methodNotAllowed), head: head)
        }
        let path = request.uri.path
        let wantsJSON = (request.headers[.accept] ?? "").contains("application/json")
        let page = PageRequest(path: path, query: request.uri.query ?? "", wantsJSON: wantsJSON)
        let reader = self.reader
        if path.hasPrefix("/media/") {
            let answer = await Deadline.run(within: storeDeadline) { () -> Result<Response, any Error> in
                do { return .success(try await reader.media(request, context: context)) } catch {
                    return .failure(error)
                }
            }
            switch answer {
            case .success(var response):
                Self.addCommonHeaders(to: &response.headers, isPage: false, keepingCacheControl: true)
                return response
            case .failure(let error): return Self.response(reader.failed(path, error, page), head: head)
            case nil: return Self.response(tooSlow(page), head: head)
            }
        }
        let reply = await Deadline.run(within: storeDeadline) {
            await reader.reply(to: path, query: request.uri.query ?? "", wantsJSON: wantsJSON)
        }
        return Self.response(reply ?? tooSlow(page), head: head)
    }

    /// The answer when the store did not answer in time.
    private func tooSlow(_ request: PageRequest) -> Reply {
        reader.logger.error("serve: \(request.path): the store did not answer within \(storeDeadline)")
        return PageFailure(
            status: .serviceUnavailable,
            message: "The archive's store did not answer in time; the reader's log (stderr) says more. Try again later."
        )
        .reply(request, version: reader.version)
    }

    /// The reply with the headers every answer carries.
    static func response(_ reply: Reply, head: Bool) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = reply.type
        addCommonHeaders(to: &headers, isPage: reply.isPage)
        for field in reply.headers { headers[field.name] = field.value }
        headers[.contentLength] = String(reply.body.count)
        let body = head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: reply.body))
        return Response(status: reply.status, headers: headers, body: body)
    }

    /// The headers every answer carries: its CSP (a page's, or one that allows nothing), `nosniff`,
    /// same-origin only, no referrer, no frames, not stored (unless `keepingCacheControl`).
    static func addCommonHeaders(to headers: inout HTTPFields, isPage: Bool, keepingCacheControl: Bool = false) {
        headers[.contentSecurityPolicy] = isPage ? PageShell.contentSecurityPolicy : PageShell.lockedPolicy
        headers[.xContentTypeOptions] = "nosniff"
        headers[.crossOriginResourcePolicy] = "same-origin"
        if let referrer = HTTPField.Name("Referrer-Policy") { headers[referrer] = "no-referrer" }
        if let frames = HTTPField.Name("X-Frame-Options") { headers[frames] = "DENY" }
        if !keepingCacheControl || headers[.cacheControl] == nil { headers[.cacheControl] = "no-store" }
    }
}
