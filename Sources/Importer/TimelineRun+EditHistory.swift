import ArchiveCore
import Foundation
import MastodonAPI
import Models

extension TimelineRun {
    /// Fetches the full edit history of statuses this timeline's server showed edited
    /// (`/api/v1/statuses/:id/history`), within the rate budget (the source's client sends every request
    /// through it), so that the archive holds every earlier version even of edits it never saw live. What
    /// is not fetched this run stays wanted for the next.
    /// A 404 (a server without the endpoint, or a status deleted since) ends the asking on this server
    /// for this run, quietly: one request per run, never one per status.
    mutating func fetchEditHistories(from source: TimelineSource) async throws {
        guard options.editHistoriesPerRun > 0 else { return }
        let wanted = try await archive.wantedEditHistories(
            server: host, limit: options.editHistoriesPerRun)
        for item in wanted {
            do {
                report.requests += 1
                let versions = try await source.client.editHistory(ofStatus: item.localID)
                try await archive.storeEditHistory(item, versions: versions)
                report.editHistories += 1
            } catch let error as APIError where error.httpStatus == 404 || error.httpStatus == 410 {
                try await archive.dropWantedEditHistory([item])
                logger.info(
                    "no edit history here; not asking this server again this run",
                    metadata: ["server": "\(timeline.server)", "status": "\(item.localID)"])
                return
            } catch let error as APIError where error.isBudgetSpent {
                report.requests -= 1
                report.warnings.append("edit histories paused: \(error.description)")
                return
            } catch let error as APIError {
                // Left wanted: the next run asks again.
                logger.info("edit history not fetched", metadata: ["status": "\(item.localID)", "error": "\(error)"])
                if error.isRateLimited || !error.isTransient { return }
            }
        }
    }
}
