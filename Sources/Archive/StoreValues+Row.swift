import ArchiveCore
import Foundation
import GRDB

// The store seam's values read from SQLite rows (GRDB's `Row`) whose JSON records do not name their fields
// as the schema names its columns (the others decode through `RowDecoder`).

extension KeptUnreadable {
    init(row: Row) {
        self.init(
            id: row["id"], server: row["server"], localID: row["local_id"], timelineID: row["timeline_id"],
            pageCursor: row["page_cursor"], error: row["error"], raw: row["raw_json"],
            readerVersion: row["icebox_version"], firstSeenAt: row["first_seen_at"],
            lastSeenAt: row["last_seen_at"], archivedAt: row["archived_at"], statusNumber: row["status_id"])
    }
}
