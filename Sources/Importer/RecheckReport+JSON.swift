/// The record of each server in `sync --recheck --json` (`recheck`, see `docs/json.md`): every field,
/// `null` when absent.
extension RecheckReport {
    enum CodingKeys: String, CodingKey { case server, checked, gone, updated, requests, batched, error }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(server, forKey: .server)
        try c.encode(checked, forKey: .checked)
        try c.encode(gone, forKey: .gone)
        try c.encode(updated, forKey: .updated)
        try c.encode(requests, forKey: .requests)
        try c.encode(batched, forKey: .batched)
        try c.encode(error, forKey: .error)
    }
}
