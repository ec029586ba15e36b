import ArchiveAPI
import ArchiveCore
import Foundation

/// The custom emoji and a status's card in the archive's Mastodon API (issue 45).
extension Reader {
    /// How many of the newest statuses `/api/v1/custom_emojis` reads the emoji of, and how many it lists.
    static let emojiStatuses = 5_000
    static let emojiLimit = 1_000

    /// `/api/v1/custom_emojis`: the custom emoji of the newest archived statuses, one of each shortcode:
    /// its `url` (and `static_url`) the media archive's copy when it keeps the file, at a signed address
    /// as attachments are, else the server's.
    func apiCustomEmoji(_ request: APIRequest) async throws -> Reply {
        let emoji = try await store.apiCustomEmoji(statuses: Self.emojiStatuses, limit: Self.emojiLimit)
        let kept = try await store.storedMedia(urls: emoji.map(\.url))
        let address = mediaAddress(request)
        let objects: [[String: Any]] = emoji.map { shortcode, url in
            let address = kept[url].map(address) ?? url
            return [
                "shortcode": shortcode, "url": address, "static_url": address, "visible_in_picker": true,
            ]
        }
        return .api(APIAccountJSON.data(objects))
    }

    /// `/api/v1/statuses/:id/card`: the preview card its server sent (the boosted post's for a boost), or
    /// `{}` when it sent none.
    func apiCard(_ id: String) async throws -> Reply {
        let row = try await apiRow(id)
        let object = (try? JSONSerialization.jsonObject(with: row.raw)) as? [String: Any] ?? [:]
        let shown = object["reblog"] as? [String: Any] ?? object
        return .api(APIAccountJSON.data(shown["card"] as? [String: Any] ?? [String: Any]()))
    }
}
