import Foundation

extension PendingMedia {
    /// Each thing once (by its first URL), without the URLs that failed for good unless `retryFailed`;
    /// and how many were left with no URL to try. Both stores plan alike.
    package static func plan(
        _ wanted: [PendingMedia], failed: Set<String>,
        retryFailed: Bool
    ) -> (jobs: [PendingMedia], skipped: Int) {
        var jobs: [PendingMedia] = []
        var skipped = 0
        var seen = Set<String>()
        for var job in wanted {
            job.candidates = job.candidates.filter { !$0.isEmpty }.reduce(into: []) {
                if !$0.contains($1) { $0.append($1) }
            }
            if !retryFailed { job.candidates.removeAll(where: failed.contains) }
            guard let first = job.candidates.first else {
                skipped += 1
                continue
            }
            if seen.insert(first).inserted { jobs.append(job) }
        }
        return (jobs, skipped)
    }
}
