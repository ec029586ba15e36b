import Foundation
import HTTPTypes

/// An OAuth or app-registration error as Mastodon (Doorkeeper) gives it: JSON
/// `{"error": "...", "error_description": "..."}`, 400 or 401 (`error` alone for the API's own errors).
struct OAuthFailure: Error, Sendable {
    var status: HTTPResponse.Status
    var error: String
    var description: String?

    var reply: Reply {
        var fields = ["error": error]
        if let description { fields["error_description"] = description }
        return OAuthEndpoints.json(fields, status: status)
    }

    static let invalidRequest = OAuthFailure(
        status: .badRequest, error: "invalid_request",
        description:
            "The request is missing a required parameter, includes an unsupported parameter value, or is otherwise malformed."
    )
    static let invalidClient = OAuthFailure(
        status: .unauthorized, error: "invalid_client",
        description:
            "Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method."
    )
    static let invalidGrant = OAuthFailure(
        status: .badRequest, error: "invalid_grant",
        description:
            "The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client."
    )
    static let unsupportedGrantType = OAuthFailure(
        status: .badRequest, error: "unsupported_grant_type",
        description: "The authorization grant type is not supported by the authorization server.")
    static let unauthorizedClient = OAuthFailure(
        status: .forbidden, error: "unauthorized_client", description: "You are not authorized to revoke this token")
    /// The API's answer to a missing or unknown bearer token.
    static let invalidToken = OAuthFailure(status: .unauthorized, error: "The access token is invalid")
    /// A body larger than ``OAuthParameters/maximumBodyBytes``.
    static let tooLarge = OAuthFailure(
        status: .contentTooLarge, error: "invalid_request",
        description: "The request body is larger than \(OAuthParameters.maximumBodyBytes) bytes.")

    /// Mastodon's 422 for an app it will not register.
    static func validation(_ message: String) -> OAuthFailure {
        OAuthFailure(status: .unprocessableContent, error: "Validation failed: \(message)")
    }

    /// Something on this side failed (the token file could not be written): said in the log, not to the app.
    static let serverError = OAuthFailure(
        status: .internalServerError, error: "server_error",
        description: "The authorization server encountered an unexpected condition; its log says more.")
}
