import Foundation
import GRDB

/// The writer connection's page caches while an import's one long transaction runs, and the sizes they
/// had before (the connection outlives the import, failed or not).
///
/// Measured with heaptrack on `icebox-benchmarks import-export --statuses 100000 --media-mb 16`: at
/// SQLite's default of 2,000 KiB the main database's cache held about 6.7 MB at the import's peak (its
/// 16 KiB pages, and the dirty pages of the transaction, which are written to the WAL only past the
/// cache's size), a quarter of the heap; at 1,024 KiB the peak heap went from 25.5 to 18.6 MB, and the
/// peak RSS from 61–62 to 54–55 MiB (docs/benchmarks.md). The temporary database holds the import's
/// media files until the posts name them (``ImportMediaStatements``); at 256 KiB its tables spill to
/// their file (the system's file cache) rather than grow the process.
struct ImportCaches {
    static let mainKiB = 1_024
    static let temporaryKiB = 256

    /// `PRAGMA cache_size` of each database before (negative: KiB; positive: pages).
    let main: Int
    let temporary: Int

    /// Gives the connection the import's cache sizes; returns the sizes it had.
    static func set(_ db: Database) throws -> ImportCaches {
        let before = ImportCaches(
            main: try Int.fetchOne(db, sql: "PRAGMA main.cache_size") ?? -2000,
            temporary: try Int.fetchOne(db, sql: "PRAGMA temp.cache_size") ?? -2000)
        try db.execute(sql: "PRAGMA main.cache_size = -\(mainKiB)")
        try db.execute(sql: "PRAGMA temp.cache_size = -\(temporaryKiB)")
        return before
    }

    /// Gives the connection back the sizes it had.
    func restore(_ db: Database) {
        try? db.execute(sql: "PRAGMA main.cache_size = \(main)")
        try? db.execute(sql: "PRAGMA temp.cache_size = \(temporary)")
    }
}
