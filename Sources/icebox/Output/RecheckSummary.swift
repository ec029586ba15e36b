import Importer
import Models

/// The line `icebox sync --recheck` prints for each server.
enum RecheckSummary {
    static func line(_ report: RecheckReport) -> String {
        var line =
            "recheck \(report.server): \(report.checked) checked, \(report.gone) gone, \(report.updated) edited, "
            + Plural.of(report.requests, "request")
            + (report.batched ? "" : " (one status a request: no batch endpoint)")
        if let error = report.error { line += " — FAILED: \(error)" }
        return line
    }
}
