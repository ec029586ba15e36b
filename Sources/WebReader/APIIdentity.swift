/// Who an API token reads as (issue 45): the archiving account (`user@host`), or none for an app's own
/// token. The reader asks ``APITokenCheck`` for it on every API request, so a token removed stops at once.
struct APIIdentity: Sendable, Hashable {
    var account: String?
}

/// The identity a bearer token stands for, or `nil` when it is no live token.
typealias APITokenCheck = @Sendable (String) -> APIIdentity?
