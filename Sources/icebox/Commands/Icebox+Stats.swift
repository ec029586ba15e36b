import Archive
import ArchiveCore
import ArgumentParser
import Display
import Foundation
import Models

extension Icebox {
    /// `icebox stats`: what the archive holds.
    struct Stats: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "stats",
            abstract: "Show what the archive holds.",
            discussion: """
                Totals, then the posts' top hashtags, authors, servers and languages, and posts by month (a \
                boost counts as the post it boosts): of the whole archive, or of one timeline with --timeline. \
                On a terminal the counts are drawn as bars.
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var accountOption: AccountOption

        @Option(help: ArgumentHelp("Break down only the posts seen in this pinned timeline.", valueName: "spec"))
        var timeline: String?

        @Option(help: "How many hashtags, authors, servers and languages to list.")
        var top = 10

        @OptionGroup var format: ReportFormat

        @Flag(help: "First check the whole archive file and its search indexes (reads everything; exit 74 if damaged).")
        var check = false

        func validate() throws {
            try OptionRange.check("--top", top, in: 1...10_000)
            // --account only says whose timeline --timeline names: alone it would be ignored in silence.
            if accountOption.account != nil, timeline == nil {
                throw ValidationError("--account picks whose timeline --timeline names; give --timeline too")
            }
        }

        func run() async throws {
            try await reportingFailures {
                let context = try await global.context(.queryOnly)
                let pinned = try await timeline.asyncMap {
                    try await accountOption.pinnedTimeline($0, archive: context.store)
                }
                let breakdown = try await context.store.breakdown(timelineID: pinned?.id, top: top)
                if check {
                    let verdict = try await context.store.integrityCheck()
                    guard verdict == "ok" else {
                        throw ArchiveError.damaged(
                            path: context.store.location, reason: "\(verdict); restore it from a backup")
                    }
                    Console.err("check: the archive file and its search indexes are sound")
                }
                let stats = try await context.store.stats()
                let gaps = try await context.store.gaps(timelineID: pinned?.id, includingClosed: false)
                let notifications = try await context.store.notificationCounts()
                let relations = try await context.store.relationCounts()
                let conversations = try await context.store.conversationCount()
                if format.json {
                    return try Console.json(
                        StatsReport(
                            stats: stats, timeline: pinned?.displayName, breakdown: breakdown,
                            openGaps: gaps, notifications: notifications, relations: relations,
                            conversations: conversations))
                }
                let bytes = ByteSize.text(stats.databaseBytes)
                let mediaBytes = ByteSize.text(stats.mediaBytes)
                let missing = stats.mediaMissing > 0 ? ", \(stats.mediaMissing) attachments not stored" : ""
                Console.out(
                    """
                    archive     \(Self.place(of: context))
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
                    gaps        \(gaps.count) open (windows of a timeline that could not be read)
                    notifications \(Self.counted(notifications))
                    relations   \(Self.counted(relations))
                    conversations \(conversations) direct-message conversations\(conversations == 0 ? " (icebox timeline add conversations keeps them)" : "")
                    """)
                if !gaps.isEmpty {
                    let names = Dictionary(try await context.store.timelines().map { ($0.id, $0.displayName) }) {
                        first, _ in first
                    }
                    for gap in gaps {
                        Console.out("  \(names[gap.timelineID] ?? "timeline \(gap.timelineID)"): \(gap.summary)")
                    }
                }
                Console.out(
                    StatsChart.text(
                        breakdown, scope: pinned?.displayName ?? "the archive",
                        bars: Console.stdoutIsTerminal))
            }
        }

        /// "following 120 (3 ended), followers 80": the relation ledger's relations, by kind.
        static func counted(_ relations: [RelationCount]) -> String {
            guard !relations.isEmpty else { return "none yet (icebox sync walks them for your accounts)" }
            return relations.map { count in
                "\(count.kind.replacingOccurrences(of: "_", with: " ")) \(count.holding)"
                    + (count.ended > 0 ? " (\(count.ended) ended)" : "")
            }
            .joined(separator: ", ")
        }

        /// "12 (mention 5, favourite 4, follow 3)": the notifications kept, the most frequent types first.
        static func counted(_ notifications: [NotificationCount]) -> String {
            let total = notifications.reduce(0) { $0 + $1.count }
            guard total > 0 else { return "0 (icebox timeline add notifications keeps them)" }
            let types = notifications.sorted { ($1.count, $0.type) < ($0.count, $1.type) }
                .map { "\($0.type.terminalSafeLine) \($0.count)" }
            return "\(total) (\(types.joined(separator: ", ")))"
        }

        /// Where the archive read is: the folder for its own SQLite file, else the store's location (a
        /// PostgreSQL URL without its password, another SQLite file's path).
        static func place(of context: CommandContext) -> String {
            context.capabilities.sqliteFile?.standardizedFileURL == context.home.database.standardizedFileURL
                ? context.home.directory.path : context.store.location
        }
    }
}

extension Optional {
    /// `map` with an async transform.
    func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
