import Importer

/// The line `icebox sync` prints for an account's relation walk of one kind that read something.
enum RelationSummary {
    /// "alice@example.social following: 120 seen, 3 new, 1 ended (goes on next run)".
    static func line(_ report: RelationReport) -> String {
        var line = "\(report.account) \(report.kind?.words ?? "relations"): \(report.seen) seen, \(report.new) new"
        if report.ended > 0 { line += ", \(report.ended) ended" }
        if report.unreadable > 0 { line += ", \(report.unreadable) unreadable (nothing ended)" }
        if report.looped { line += ", pages loop (nothing ended)" }
        if let error = report.error { return line + " — FAILED: \(error) (goes on from there next run)" }
        if !report.complete { line += " (goes on next run)" }
        return line
    }
}
