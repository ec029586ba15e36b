/// The record of `account list --json` (see `docs/json.md`): every field, `null` when absent.
extension ArchivingAccount {
    enum CodingKeys: String, CodingKey {
        case id, handle, server, username, url
        case remoteID = "remote_id"
        case displayName = "display_name"
        case addedAt = "added_at"
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(handle, forKey: .handle)
        try c.encode(server, forKey: .server)
        try c.encode(remoteID, forKey: .remoteID)
        try c.encode(username, forKey: .username)
        try c.encode(displayName, forKey: .displayName)
        try c.encode(url, forKey: .url)
        try c.encode(addedAt, forKey: .addedAt)
    }
}
