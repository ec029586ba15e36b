/// The record of each server in `sync --recheck --json` (`recheck`, see `docs/json.md`): every field,
/// `null` when absent.
extension RecheckReport {
    enum CodingKeys: String, CodingKey { case server, checked, gone, updated, requests, batched, error }
}
