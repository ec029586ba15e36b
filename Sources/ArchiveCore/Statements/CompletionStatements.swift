import Foundation

/// The statements a front end completes `@` and `#` from, one text for both stores.
package enum CompletionStatements {
    /// Every archived author's handle, without case first, then by bytes.
    package static func authorHandles(_ dialect: any SQLDialect) -> String {
        "SELECT handle FROM authors ORDER BY lower(handle), \(dialect.bytewise("handle"))"
    }
    /// The distinct hashtag lists of the archived statuses (each a space-separated `tag_names`).
    package static let tagLists = "SELECT DISTINCT tag_names FROM statuses WHERE tag_names <> ''"
}
