/// The record of `account list --json` (see `docs/json.md`): every field, `null` when absent.
extension ArchivingAccount {
    enum CodingKeys: String, CodingKey {
        case id, handle, server, username, url
        case remoteID = "remote_id"
        case displayName = "display_name"
        case addedAt = "added_at"
    }
}
