import ArchiveCore
import Foundation
import GRDB

// The store seam's values read from SQLite rows (GRDB's `Row`), through their memberwise initialisers.

extension ArchivingAccount {
    init(row: Row) {
        self.init(
            id: row["id"], handle: row["handle"], server: row["server"], remoteID: row["remote_id"],
            username: row["username"], displayName: row["display_name"], url: row["url"],
            addedAt: row["added_at"])
    }
}

extension PinnedTimeline {
    init(row: Row) {
        self.init(
            id: row["id"], spec: row["spec"], accountID: row["account_id"], accountHandle: row["handle"],
            server: row["server"], addedAt: row["added_at"], newestCursor: row["newest_cursor"],
            backfillCursor: row["backfill_cursor"], backfillComplete: row["backfill_complete"],
            backfillPages: row["backfill_pages"], lastSyncAt: row["last_sync_at"],
            lastResult: row["last_result"], lastError: row["last_error"], statusCount: row["status_count"],
            lastSuccessAt: row["last_success_at"])
    }
}

extension KeptUnreadable {
    init(row: Row) {
        self.init(
            id: row["id"], server: row["server"], localID: row["local_id"], timelineID: row["timeline_id"],
            pageCursor: row["page_cursor"], error: row["error"], raw: row["raw_json"],
            readerVersion: row["icebox_version"], firstSeenAt: row["first_seen_at"],
            lastSeenAt: row["last_seen_at"], archivedAt: row["archived_at"], statusNumber: row["status_id"])
    }
}
