import ArchiveCore
import Export
import Foundation
import Router

extension REPLSession {
    /// `export <file>`: the whole thread of the status on screen, or else every status of the list on
    /// screen (all its pages, not only the one shown), as a tarball whose format the file name picks
    /// (`.tar.gz` when it names none).
    func export(to file: String) async throws -> Reply {
        guard file != "-" else {
            throw REPLFailure("export: give a file; the REPL does not write tarballs to standard output")
        }
        let destination = ExportDestination.file(
            URL(fileURLWithPath: (file as NSString).expandingTildeInPath).standardizedFileURL)
        let summary: ExportSummary
        if let status = top?.status {
            summary = try await exporter.exportThread(around: status, to: destination, options: ["from": "repl"])
        } else if let visit = stack.last, let shown = visit.screen.listed, !shown.isEmpty {
            let current = visit.route
            let (kind, name) = Self.exportName(current)
            let listed = try await everyListed(visit.screen)
            summary = try await exporter.exportStatuses(
                listed, name: name, kind: kind, to: destination,
                options: ["from": "repl", "route": current.title])
        } else {
            throw REPLFailure("export: nothing on screen to export; search, or open a status, first")
        }
        return Reply(
            note: ([summary.sentence] + [summary.privacyWarning].compactMap { $0 }).map(\.terminalSafeLine)
                .joined(separator: "\n"))
    }

    /// The kind of set a listing screen is and its name, as `icebox export` names them.
    private static func exportName(_ destination: RouterDestination) -> (kind: String, name: String) {
        switch destination {
        case .searchResults(let query): ("search", "Search: \(query)")
        case .hashTag: ("tag", "Tag: \(destination.title)")
        case .accountDetail, .accountDetailWithAccount: ("account", "Account: \(destination.title)")
        case .pinnedTimeline, .list: ("timeline", "Timeline: \(destination.title)")
        case .statusDetail, .statusDetailWithStatus, .remoteStatusDetail, .following, .followers, .favoritedBy,
            .rebloggedBy, .conversationDetail, .accountsList:
            ("statuses", destination.title)
        }
    }
}
