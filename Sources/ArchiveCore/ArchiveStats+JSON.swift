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

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(statuses, forKey: .statuses)
        try c.encode(boosts, forKey: .boosts)
        try c.encode(authors, forKey: .authors)
        try c.encode(accounts, forKey: .accounts)
        try c.encode(timelines, forKey: .timelines)
        try c.encode(mediaAttachments, forKey: .mediaAttachments)
        try c.encode(mediaFiles, forKey: .mediaFiles)
        try c.encode(mediaBytes, forKey: .mediaBytes)
        try c.encode(mediaMissing, forKey: .mediaMissing)
        try c.encode(editVersions, forKey: .editVersions)
        try c.encode(unreadable, forKey: .unreadable)
        try c.encode(otherCopies, forKey: .otherCopies)
        try c.encode(databaseBytes, forKey: .databaseBytes)
        try c.encode(oldest, forKey: .oldest)
        try c.encode(newest, forKey: .newest)
    }
}
