import Foundation

/// Ordering of server ids without parsing them: Mastodon's snowflakes are decimal strings that grow
/// in length, GoToSocial's ULIDs and Pleroma's flake ids are fixed-length and sort as text. So "by
/// length, then as text" orders all of them by time.
public enum StatusID {
    /// Whether `a` is newer than `b`.
    public static func isNewer(_ a: String, than b: String) -> Bool {
        a.utf8.count != b.utf8.count ? a.utf8.count > b.utf8.count : a > b
    }

    /// The newer of two ids.
    public static func newest(_ a: String, _ b: String) -> String { isNewer(a, than: b) ? a : b }
}
