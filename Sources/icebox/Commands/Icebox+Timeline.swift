import ArchiveCore
import ArgumentParser
import Foundation
import Importer
import MastodonAPI
import Models
import Transport

extension Icebox {
    /// `icebox timeline add|list|remove`.
    struct Timeline: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "timeline",
            abstract: "Pin the timelines `icebox sync` keeps.",
            discussion: """
                Timelines: home, local, federated, tag:NAME, list:ID, bookmarks, favourites, own, mentions, \
                notifications (every notification, kept whole), conversations (direct-message conversations, kept \
                whole; these read with an account), remote:SERVER (that server's local timeline) and tag:NAME@SERVER \
                (a hashtag on any server), read without login.
                """,
            subcommands: [Add.self, List.self, Remove.self])
    }
}

/// `--account user@host`, shared by timeline commands.
struct AccountOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The account the timeline is read with (needed when there are several).",
            valueName: "user@host"))
    var account: String?

    /// Resolves a typed spec against the archive's accounts; a spec that cannot be pinned is bad usage.
    func pinning(_ spec: String, archive: any ArchiveStore) async throws -> TimelinePinning {
        do {
            return try TimelinePinning(specText: spec, account: account, accounts: try await archive.accounts())
        } catch let error as TimelinePinning.Invalid {
            throw ValidationError(error.description)
        }
    }

    /// A stored spec in today's canonical form (an older Icebox kept a hashtag's case as typed).
    static func canonical(_ spec: String) -> String {
        (try? TimelineSpec(parsing: spec))?.canonical.description ?? spec
    }

    /// The pinned timeline a typed spec names; one that is not pinned is bad usage.
    func pinnedTimeline(_ spec: String, archive: any ArchiveStore) async throws -> PinnedTimeline {
        let pinning = try await pinning(spec, archive: archive)
        guard
            let timeline = try await archive.timelines().first(where: {
                AccountOption.canonical($0.spec) == pinning.spec && $0.accountID == pinning.accountID
            })
        else {
            throw ValidationError("\(pinning.spec) is not pinned; see `icebox timeline list`")
        }
        return timeline
    }
}

extension Icebox.Timeline {
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Pin a timeline.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var accountOption: AccountOption

        @Argument(
            help: ArgumentHelp(
                "home, local, federated, tag:NAME, list:ID, bookmarks, favourites, own, mentions, notifications, "
                    + "conversations, remote:SERVER, tag:NAME@SERVER"),
            completion: .list([
                "home", "local", "federated", "bookmarks", "favourites", "own", "mentions", "notifications",
                "conversations", "tag:", "list:", "remote:",
            ])
        )
        var spec: String

        func run() async throws {
            try await reportingFailures {
                let context = try await global.context(.mayStart)
                let pinning = try await accountOption.pinning(spec, archive: context.store)
                // A list is checked with its server now, not found missing at the first sync.
                var title = ""
                if case .list(let id) = try TimelineSpec(parsing: pinning.spec),
                    let account = try await context.store.accounts().first(where: { $0.id == pinning.accountID })
                {
                    let access = AccountAccess(credentials: try context.credentials.load(), logger: context.logger)
                    title = " (\(try await access.list(id, of: account).title))"
                }
                // An older Icebox kept a hashtag's case: `tag:Photography` pinned then is `tag:photography` now.
                if let pinned = try await context.store.timelines().first(where: {
                    AccountOption.canonical($0.spec) == pinning.spec && $0.spec != pinning.spec
                        && $0.accountID == pinning.accountID
                }) {
                    throw ValidationError("\(pinning.spec) is already pinned, as \(pinned.spec)")
                }
                // A timeline read without an account is tried once: a typo in its address is said now. It is
                // pinned all the same (a server may be down for the day; each sync tries it again).
                if pinning.accountID == nil, let server = try? ServerAddress(pinning.server),
                    let problem = await TimelineProbe.problem(
                        reading: try TimelineSpec(parsing: pinning.spec), from: server,
                        limits: RequestLimits(idleTimeout: 15, deadline: 30), logger: context.logger)
                {
                    // One line, whatever the server put in its answer.
                    let why = problem.split(whereSeparator: \.isNewline).joined(separator: " ")
                    Console.err("icebox: warning: \(pinning.spec) could not be read now: \(why)".terminalSafe)
                    Console.err(
                        "icebox: it is pinned all the same; each sync tries it again (timeline remove undoes it)")
                }
                let timeline = try await context.store.addTimeline(
                    spec: pinning.spec, accountID: pinning.accountID,
                    server: pinning.server)
                Console.out("Pinned \(timeline.displayName)\(title)")
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List pinned timelines and where each sync stands.")

        @OptionGroup var global: GlobalOptions

        @OptionGroup var format: ReportFormat

        func run() async throws {
            try await reportingFailures {
                try await global.list(format, empty: "No timelines pinned yet: icebox timeline add <spec>") {
                    try await $0.timelines()
                } line: { timeline, context in
                    let backfill =
                        timeline.backfillComplete
                        ? "backfill complete"
                        : timeline.newestCursor == nil ? "not synced yet" : "backfill at page \(timeline.backfillPages)"
                    let last =
                        timeline.lastSyncAt.map { "last sync \($0) \(timeline.lastResult ?? "")" } ?? "never synced"
                    var line = "\(timeline.displayName)\t\(timeline.statusCount) statuses\t\(last)\t\(backfill)"
                    if let error = timeline.lastError { line += "\t\(error)" }
                    line += try await SyncInterval.advice(for: timeline, archive: context.store)
                    return line
                }
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Unpin a timeline. What it archived stays in the archive.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var accountOption: AccountOption

        @Argument(help: "The timeline, as pinned.")
        var spec: String

        func run() async throws {
            try await reportingFailures {
                let context = try await global.context(.existing)
                let pinning = try await accountOption.pinning(spec, archive: context.store)
                guard
                    let timeline = try await context.store.timelines().first(where: {
                        $0.spec == pinning.spec && $0.accountID == pinning.accountID
                    })
                else {
                    throw ValidationError("\(pinning.spec) is not pinned; see `icebox timeline list`")
                }
                try await context.store.removeTimeline(id: timeline.id)
                Console.out("Unpinned \(timeline.displayName)")
            }
        }
    }
}
