import Foundation

/// The answer of `/api/v1/statuses/:id/history`: every version of a status, oldest first, read the same
/// whether a server just sent it or a WARC capture kept it.
public enum EditHistoryVersions {
    /// Each version's JSON byte for byte with its `created_at`, in the server's order, and how many
    /// versions were left out for want of a readable `created_at`.
    public static func parse(_ body: Data) throws(RawJSON.Malformed) -> (
        versions: [(createdAt: Date, raw: Data)], unreadable: Int
    ) {
        var versions: [(createdAt: Date, raw: Data)] = []
        var unreadable = 0
        for element in try RawJSON.elements(ofArray: body) {
            guard let value = try? RawJSON.value(forKey: "created_at", inObject: element),
                let text = try? JSONDecoder().decode(String.self, from: value), let date = MastodonDate.parse(text)
            else {
                unreadable += 1
                continue
            }
            versions.append((date, element))
        }
        return (versions, unreadable)
    }
}
