import Foundation

/// A mark the user put on a post, as `is:bookmarked` and `is:favourited` find it: the post is in the
/// user's archived `bookmarks` / `favourites` timeline (whichever account), or an import named it by uri
/// (likes.json, bookmarks.json) and it is archived. Both stores answer the same question: SQLite from the
/// bit its triggers keep on the row (`statuses.user_marks`, schema/0012 and 0014), PostgreSQL from the
/// rows themselves (``subquery(on:)``).
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

    /// The mark computed from the rows, for a store that keeps no bit for it.
    package func subquery(on s: String = "s") -> String {
        """
        (\(s).id IN (SELECT ts.status_id FROM timeline_statuses ts JOIN timelines t ON t.id = ts.timeline_id
                  WHERE t.spec = '\(timelineSpec)')
         OR \(s).uri IN (SELECT uri FROM status_references WHERE kind = '\(referenceKind)'))
        """
    }
}
