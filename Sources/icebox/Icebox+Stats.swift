import Archive
import ArgumentParser
import Foundation
import Models

extension Icebox {
    /// `icebox stats`: what the archive holds.
    struct Stats: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "stats", abstract: "Show what the archive holds.")

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Print JSON.")
        var json = false

        @Flag(help: "First check the whole archive file and its search indexes (reads everything; exit 74 if damaged).")
        var check = false

        func run() async throws {
            try await reportingFailures {
                let (home, archive, _, _) = try global.openArchiveForReading(neverWrites: true)
                if check {
                    let verdict = try await archive.integrityCheck()
                    guard verdict == "ok" else {
                        throw ArchiveError.damaged(path: archive.path.path, reason: "\(verdict); restore it from a backup")
                    }
                }
                let stats = try await archive.stats()
                if json { return try Console.json(stats) }
                let bytes = ByteSize.text(stats.databaseBytes)
                let mediaBytes = ByteSize.text(stats.mediaBytes)
                let missing = stats.mediaMissing > 0 ? ", \(stats.mediaMissing) attachments not stored" : ""
                Console.out("""
                    archive     \(home.directory.path)
                    statuses    \(stats.statuses) (\(stats.boosts) boosts)
                    authors     \(stats.authors)
                    accounts    \(stats.accounts)
                    timelines   \(stats.timelines)
                    media       \(stats.mediaAttachments) attachments; \(stats.mediaFiles) files stored, \(mediaBytes)\(missing)
                    edits kept  \(stats.editVersions)
                    unreadable  \(stats.unreadable) kept with their bytes (icebox unreadable)
                    copies      \(stats.otherCopies) from other servers, kept beside the one shown
                    span        \(stats.oldest ?? "-") … \(stats.newest ?? "-")
                    database    \(bytes)
                    """)
            }
        }
    }
}
