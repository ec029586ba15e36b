import Foundation

/// A mark the user put on a post, as `is:bookmarked` and `is:favourited` find it: the post is in the
/// user's archived `bookmarks` / `favourites` timeline (whichever account), or an import named it by uri
/// (likes.json, bookmarks.json) and it is archived. Both stores answer it from the bit their triggers
/// keep on the row (``bit``, `statuses.user_marks`).
package enum UserMark: Sendable, Hashable, CaseIterable {
    case bookmarked
    case favourited

    /// The timeline whose posts carry the mark.
    package var timelineSpec: String {
        switch self {
        case .bookmarked: "bookmarks"
        case .favourited: "favourites"
        }
    }

    /// The kind of import reference that carries the mark (see `ImportedReference.Kind`).
    package var referenceKind: String {
        switch self {
        case .bookmarked: "bookmark"
        case .favourited: "favourite"
        }
    }

    /// The mark's bit in `statuses.user_marks`, which both stores keep on the row as it is written
    /// (schema/0012_user_marks.sql on SQLite, schema/postgres/0031_user_marks.sql).
    package var bit: Int64 {
        switch self {
        case .bookmarked: 1
        case .favourited: 2
        }
    }
}
