import Importer
import Models

/// The line `icebox sync` prints for an account whose own posts' reactions were asked about.
enum ReactionSummary {
    /// "alice@example.social reactions: 3 posts asked, 12 accounts seen, 4 new".
    static func line(_ report: ReactionReport) -> String {
        var line =
            "\(report.account) reactions: \(Plural.of(report.posts, "post")) asked, "
            + "\(Plural.of(report.seen, "account")) seen, \(report.new) new"
        if report.truncated > 0 { line += ", \(report.truncated) lists longer than a run reads" }
        if let error = report.error { return line + " — FAILED: \(error) (goes on next run)" }
        if report.deferred { line += " (goes on next run)" }
        return line
    }
}
