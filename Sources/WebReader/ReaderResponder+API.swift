import Foundation
import HTTPTypes
import Hummingbird

/// The Mastodon client API's door (issue 45). An API request shows a bearer token, never the owner's
/// secret: the cookie and the printed token do not open it, so a page elsewhere in the owner's browser
/// has nothing to ride on, and the API may answer other origins as a Mastodon server does (CORS `*`,
/// no credentials). Only the instance (naming no account without a token) and the streaming health
/// answer without one; without a live token nothing else is read (401).
extension ReaderResponder {
    /// Whether `path` is the API's (the apps' sign-in routes under `/api/v1/apps` are ``OAuthRoutes``').
    static func isAPI(_ path: String) -> Bool { path.hasPrefix("/api/") && !OAuthRoutes.forApps.contains(path) }

    func apiResponse(_ request: Request) async -> Response {
        let head = request.method == .head
        let authority: String
        switch requestGuard.host(request) {
        case .success(let name): authority = name
        case .failure(let refusal): return Self.apiHeaders(Self.response(refusal.reply, head: head))
        }
        if request.method == .options { return Self.apiHeaders(Self.preflight()) }
        let path = request.uri.path
        // A token is read again from the token file when that changed: one removed stops at once.
        let identity = OAuthEndpoints.bearer(request).flatMap(oauth.tokens.grant(forBearer:)).flatMap {
            $0.scopes.contains("read") ? $0 : nil
        }
        let open = ["/api/v1/instance", "/api/v2/instance", "/api/v1/streaming/health"].contains(path)
        if !open, identity == nil { return Self.apiHeaders(Self.response(APIFailure.noToken.reply, head: head)) }
        // An app's own token (OAuth client_credentials) is anyone's to get: it reads nothing of the archive.
        if !open, identity?.account == nil {
            let refusal = APIFailure(
                status: .unprocessableContent, message: "This method requires an authenticated user")
            return Self.apiHeaders(Self.response(refusal.reply, head: head))
        }
        if path == "/api/v1/streaming/health" {
            return Self.apiHeaders(Self.response(.text("OK", status: .ok), head: head))
        }
        if path.hasPrefix("/api/v1/streaming") {
            let refusal = APIFailure(status: .notImplemented, message: "This archive has no streaming API")
            return Self.apiHeaders(Self.response(refusal.reply, head: head))
        }
        var apiRequest = APIRequest(
            request, base: requestGuard.base(authority: authority), account: identity?.account,
            markerKey: identity?.markerKey)
        // The one write the API takes: an app's markers (bounded, read before the store is asked).
        if request.method == .post, path == "/api/v1/markers" {
            var request = request
            guard let body = try? await request.collectBody(upTo: APIRequest.maximumBodyBytes) else {
                let refusal = APIFailure(status: .contentTooLarge, message: "The request body is too large")
                return Self.apiHeaders(Self.response(refusal.reply, head: head))
            }
            apiRequest.body = Data(buffer: body)
        }
        let reader = self.reader
        let method = request.method.rawValue
        let asked = apiRequest
        let reply = await Deadline.run(within: storeDeadline) {
            // An app's own token is anyone's to get: the instance names the archive's accounts only to a
            // token that reads as one of them.
            await reader.api(asked, method: method, signedIn: identity?.account != nil)
        }
        let answer =
            reply
            ?? APIFailure(status: .serviceUnavailable, message: "The archive's store did not answer in time").reply
        return Self.apiHeaders(Self.response(answer, head: head))
    }

    /// The answer to a CORS preflight, as Mastodon's (rack-cors) for `/api/`.
    static func preflight() -> Response {
        var response = Response(status: .noContent)
        response.headers[.accessControlAllowMethods] = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS"
        response.headers[.accessControlAllowHeaders] = "Authorization, Content-Type, Idempotency-Key"
        response.headers[.accessControlMaxAge] = "86400"
        response.headers[.contentLength] = "0"
        return response
    }

    /// What every API answer carries beside the reader's own headers: any origin may read it (it
    /// carries no cookie and needs a bearer token), and the headers a client pages by may be read.
    static func apiHeaders(_ response: Response) -> Response {
        var response = response
        response.headers[.accessControlAllowOrigin] = "*"
        response.headers[.accessControlExposeHeaders] = "Link, X-Total-Count"
        return response
    }
}

extension ReaderResponder {
    /// `/media/<sha256>?sig=…` with the signature the API handed out for that hash (``MediaCapability``):
    /// the one file, to any app, as a server's media are; `nil` for any other request (which then needs
    /// the owner's secret as every page does). The Host is checked first all the same.
    func signedMedia(_ request: Request, context: Context) async -> Response? {
        let path = request.uri.path
        guard path.hasPrefix("/media/"), let signature = request.uri.queryParameters["sig"] else { return nil }
        let name = path.dropFirst("/media/".count)
        let hash = String(name.prefix { $0 != "." })
        guard reader.mediaCapability.isValid(String(signature), for: hash), case .success = requestGuard.host(request)
        else { return nil }
        let reader = self.reader
        let answer = await Deadline.run(within: storeDeadline) { () -> Result<Response, any Error> in
            do { return .success(try await reader.media(request, context: context)) } catch { return .failure(error) }
        }
        let head = request.method == .head
        var response: Response
        switch answer {
        case .success(let served):
            response = served
            Self.addCommonHeaders(to: &response.headers, isPage: false, keepingCacheControl: true)
        case .failure:
            response = Self.response(APIFailure.notFound.reply, head: head)
        case nil:
            response = Self.response(
                APIFailure(status: .serviceUnavailable, message: "The archive's store did not answer in time").reply,
                head: head)
        }
        // An app on another origin shows it as an image of its own page.
        response.headers[.crossOriginResourcePolicy] = "cross-origin"
        return Self.apiHeaders(response)
    }
}
