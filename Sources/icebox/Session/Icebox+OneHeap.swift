import CMalloc

extension Icebox {
    /// The commands whose threads all allocate from glibc's main heap (`shareOneHeap`): those that write
    /// the archive in bulk. SQLite keeps each statement journal in memory up to 1 MiB
    /// (`sqlite_tuning.h`), allocated on whichever thread runs the write. With an arena per thread each
    /// arena kept a freed journal of its own: a sync of 100,000 statuses peaked at 63–64 MiB, and at
    /// 56 MiB, no slower, in one heap (`docs/benchmarks.md`).
    static let sharingOneHeap: Set<String> = ["sync", "watch", "import", "migrate"]

    /// Has every thread allocate from the one heap. Also for a one-shot search: glibc gives each new thread
    /// an arena of its own that grows a page per system call, a hundred and more of them in a search (half
    /// a millisecond), while the main heap grows in 128 KiB steps. Called before the command starts its
    /// threads: a thread that has allocated keeps its arena.
    static func shareOneHeap() {
        _ = icebox_malloc_one_arena()
    }
}
