import ArchiveCore
import Export
import Foundation
import HTTPTypes
import Hummingbird

/// `/oauth/authorize`: the page where the archive's owner (the guard has checked the owner's secret)
/// approves an app and chooses the account it reads as, and the form that page posts (same-origin, the
/// guard refuses any other, and carrying the page's one-time nonce). Then the browser goes back to the
/// app's registered redirect URI with `code` and `state`, or the code is shown (out of band). A client or
/// redirect URI that is not registered gets a page saying so, never a redirect.
extension OAuthEndpoints {
    func authorizePage(_ request: Request) async -> Reply {
        let parameters: OAuthParameters
        do { parameters = try OAuthParameters.query(request) } catch { return refusal("The request is malformed.") }
        guard let clientID = parameters["client_id"], let app = try? tokens.app(clientID: clientID) else {
            return refusal(OAuthFailure.invalidClient.description ?? "")
        }
        // As Doorkeeper: an app with one redirect URI may leave it out; otherwise it must be one registered.
        guard let redirect = parameters["redirect_uri"] ?? (app.redirectURIs.count == 1 ? app.redirectURIs[0] : nil),
            app.redirectURIs.contains(redirect)
        else { return refusal("The redirect uri included is not valid.") }
        let state = parameters["state"]
        guard parameters["response_type"] == "code" else {
            return sendBack(
                redirect, [("error", "unsupported_response_type")], state: state,
                else: "The authorization server does not support this response type.")
        }
        let challenge = parameters["code_challenge"]
        guard challenge == nil || parameters["code_challenge_method"] == "S256" else {
            return sendBack(
                redirect, [("error", "invalid_request")], state: state, else: "Only PKCE's S256 is supported.")
        }
        let accounts: [ArchivingAccount]
        do { accounts = try await store.accounts() } catch {
            logger.error("serve: /oauth/authorize: \(error)")
            return refusal("The archive's accounts could not be read; the reader's log says why.", .serviceUnavailable)
        }
        guard !accounts.isEmpty else { return refusal("This archive has no account to read as yet.", .conflict) }
        let asked = (parameters["scope"] ?? "read").split(whereSeparator: { $0 == " " || $0 == "+" }).joined(
            separator: " ")
        let nonce = pending.offer(
            OAuthPending.SignIn(
                clientID: app.clientID, redirectURI: redirect, state: state, account: nil, codeChallenge: challenge,
                expires: .now))
        var reply = Reply.page(
            PageShell.page(
                title: "Sign in",
                main: OAuthApprovalPage.main(
                    app: app, redirect: redirect, asked: asked, accounts: accounts, nonce: nonce),
                version: version))
        let target = OAuthRedirect.formActionSource(redirect).map { " " + $0 } ?? ""
        let policy = PageShell.contentSecurityPolicy.replacingOccurrences(
            of: "form-action 'self';", with: "form-action 'self'\(target);")
        reply.headers.append(HTTPField(name: .contentSecurityPolicy, value: policy))
        return reply
    }

    /// The approval form: the nonce its page carried (spent now), the owner's decision and account.
    func approve(_ request: Request) async -> Reply {
        let parameters: OAuthParameters
        do { parameters = try await OAuthParameters.body(request) } catch {
            return refusal(error.description ?? "The request is malformed.", error.status)
        }
        guard let nonce = parameters["nonce"], let signIn = pending.spendNonce(nonce),
            (try? tokens.app(clientID: signIn.clientID)) != nil
        else {
            return refusal("This approval expired or was already answered: start the sign-in again from the app.")
        }
        guard parameters["decision"] == "approve" else {
            return sendBack(
                signIn.redirectURI, [("error", "access_denied")], state: signIn.state, else: "You denied the app.")
        }
        let handles: [String]
        do { handles = try await store.accounts().map(\.handle) } catch {
            logger.error("serve: /oauth/authorize: \(error)")
            return refusal("The archive's accounts could not be read; the reader's log says why.", .serviceUnavailable)
        }
        guard let account = parameters["account"], handles.contains(account) else {
            return refusal("Choose one of the archive's accounts to read as.")
        }
        var approved = signIn
        approved.account = account
        let code = pending.approve(approved)
        guard signIn.redirectURI != OAuthRedirect.outOfBand else {
            return .page(PageShell.page(title: "Signed in", main: OAuthApprovalPage.code(code), version: version))
        }
        return sendBack(signIn.redirectURI, [("code", code)], state: signIn.state, else: "")
    }

    /// A 303 to the app's registered `redirect` with `parameters` and `state`; for an out-of-band app,
    /// which has nowhere to go back to, a page saying `message`.
    private func sendBack(_ redirect: String, _ parameters: [(String, String)], state: String?, else message: String)
        -> Reply
    {
        guard redirect != OAuthRedirect.outOfBand else { return refusal(message) }
        let location = OAuthRedirect.location(redirect, adding: parameters + (state.map { [("state", $0)] } ?? []))
        var reply = Reply(status: .seeOther, type: "text/plain; charset=utf-8", body: Data())
        reply.headers.append(HTTPField(name: .location, value: location))
        return reply
    }

    /// A page saying why the sign-in stops here.
    private func refusal(_ message: String, _ status: HTTPResponse.Status = .badRequest) -> Reply {
        let main: HTML = "<header><h1>Sign-in refused</h1></header>\n<p class=\"error\">\(message)</p>"
        return .page(PageShell.page(title: "Sign-in refused", main: main, version: version), status: status)
    }
}
