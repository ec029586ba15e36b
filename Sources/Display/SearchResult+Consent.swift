extension SearchResult {
    /// The note for matches the consent policy hid, as `icebox search` and `icebox serve` both say it:
    /// "3 matches are hidden because their authors opted out of search". Each front end adds how to
    /// show them (`--all`, a link).
    public static func hiddenByConsent(_ hidden: Int) -> String {
        let why =
            hidden == 1 ? "1 match is hidden because its author" : "\(hidden) matches are hidden because their authors"
        return "\(why) opted out of search"
    }
}
