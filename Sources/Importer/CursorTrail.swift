/// The cursors one paging loop has followed, to notice a server that sends it round in circles
/// (A, B, A, B…) or keeps it in place.
struct CursorTrail {
    private var seen: Set<String> = []

    init(start: String?) {
        if let start { seen.insert(start) }
    }

    /// Records the next cursor; false when it was already followed in this loop.
    mutating func advance(to cursor: String) -> Bool {
        seen.insert(cursor).inserted
    }
}
