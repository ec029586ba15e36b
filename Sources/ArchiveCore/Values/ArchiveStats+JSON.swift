/// The totals of `stats --json` (see `docs/json.md`): every field, `null` when absent.
extension ArchiveStats {
    enum CodingKeys: String, CodingKey {
        case statuses, boosts, authors, accounts, timelines, unreadable, oldest, newest
        case mediaAttachments = "media_attachments"
        case mediaFiles = "media_files"
        case mediaBytes = "media_bytes"
        case mediaMissing = "media_missing"
        case editVersions = "edit_versions"
        case otherCopies = "other_copies"
        case databaseBytes = "database_bytes"
    }
}
