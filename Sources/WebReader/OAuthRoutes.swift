/// The paths of Mastodon's sign-in that the reader answers (issue 45): the app registration, the
/// OAuth 2 endpoints, and the page where the archive's owner approves an app.
enum OAuthRoutes {
    /// What apps call directly, with their own secrets (client secret, code, bearer token) and never the
    /// owner's: the guard lets them past the owner's secret, never past its `Host` and cross-site checks.
    static let forApps: Set<String> = [
        "/api/v1/apps", "/api/v1/apps/verify_credentials", "/oauth/token", "/oauth/revoke",
    ]
    /// The owner's approval page (GET) and its form (POST): the owner's secret is needed, as for any page.
    static let authorize = "/oauth/authorize"

    /// Whether `path` is one of them (answered by ``OAuthEndpoints``, which also takes their POSTs).
    static func handles(_ path: String) -> Bool { path == authorize || forApps.contains(path) }
}
