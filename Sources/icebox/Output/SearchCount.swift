/// What `search --count --json` prints: an object a script can grow with, not a bare number.
struct SearchCount: Encodable {
    /// The posts that match, under the consent policy in force.
    let count: Int
    /// The matches the consent policy left out (0 with `--all`).
    let hiddenByConsent: Int

    enum CodingKeys: String, CodingKey {
        case count
        case hiddenByConsent = "hidden_by_consent"
    }
}
