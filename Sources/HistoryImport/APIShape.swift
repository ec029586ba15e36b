import Foundation
import Models

/// Puts a Mastodon API object that another tool rewrote back into the API's own shape: Mastodon.py
/// (under mastodon-archive) turns numeric ids into numbers and dates into Python `isoformat()`
/// (`2024-03-01T09:00:00.123000+00:00`, and `last_status_at` into a midnight date-time).
enum APIShape {
    /// The object with ids as strings and dates in Mastodon's format, recursively.
    static func restored(_ value: Any, key: String? = nil) -> Any {
        switch value {
        case let object as [String: Any]:
            var restored: [String: Any] = [:]
            for (name, inner) in object { restored[name] = Self.restored(inner, key: name) }
            return restored
        case let list as [Any]:
            return list.map { Self.restored($0, key: key) }
        case let number as NSNumber where isIdentifier(key):
            return number.stringValue
        case let text as String where key?.hasSuffix("_at") == true:
            guard let date = MastodonDate.parse(text) else { return text }
            return key == "last_status_at" ? String(MastodonDate.format(date).prefix(10)) : MastodonDate.format(date)
        default:
            return value
        }
    }

    private static func isIdentifier(_ key: String?) -> Bool {
        guard let key else { return false }
        return key == "id" || key.hasSuffix("_id")
    }
}
