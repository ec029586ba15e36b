import ArchiveCore
import ArgumentParser
import Foundation
import Importer

extension Icebox.Account {
    /// `icebox account profile [handle] [--versions]`: a profile as the archive keeps it (issue 44).
    struct Profile: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show an author's profile as the archive keeps it, and with --versions every version seen.",
            discussion: """
                A version is a distinct name, bio, fields, avatar, header and bot/locked/indexable/discoverable \
                flags, with when it was first and last seen (a file's copy: no later than the post that \
                carried it). The current one is the newest copy seen, which decides the author's consent.
                """)
        @OptionGroup var global: GlobalOptions

        @Argument(
            help: ArgumentHelp(
                "An author's handle (user@host), or one of the archive's accounts; the only account when left out.",
                valueName: "handle"))
        var handle: String?

        @Flag(help: "List every version, oldest first, not only the current one.") var versions = false
        @Flag(help: "Print JSON on stdout.") var json = false
        @Flag(help: "Print one JSON object per line.") var jsonl = false

        func validate() throws {
            if json && jsonl { throw ValidationError("choose one of --json and --jsonl") }
        }

        func run() async throws {
            try await reportingFailures {
                let context = try await global.context(.queryOnly)
                let author = try await self.author(context)
                let all = try await context.store.profileVersions(of: author)
                guard !all.isEmpty else {
                    throw ValidationError("the archive keeps no profile of \(author)")
                }
                let shown = versions ? all : all.filter(\.current)
                if json { return try Console.json(shown) }
                if jsonl { return try Console.jsonLines(shown) }
                for version in shown {
                    // Each field a server sent on a line of its own: a name can fake neither a row nor a column.
                    var columns = [
                        "@" + version.acct.terminalSafeLine,
                        "seen \(version.firstSeenAt.prefix(10))–\(version.lastSeenAt.prefix(10))",
                        version.source.terminalSafeLine,
                    ]
                    if !version.displayName.isEmpty { columns.append(version.displayName.terminalSafeLine) }
                    if version.optedOut { columns.append("opted out of search") }
                    if version.current && versions { columns.append("current") }
                    Console.outSanitized(columns.joined(separator: "\t"))
                }
            }
        }

        /// The author asked about: the handle given (one of the archive's accounts named by handle or
        /// server, or any author's `user@host`), or the only account's.
        private func author(_ context: CommandContext) async throws -> String {
            let accounts = try await context.store.accounts()
            guard let handle else {
                guard accounts.count == 1, let only = accounts.first else {
                    throw ValidationError("give a handle: the archive has \(accounts.count) accounts")
                }
                return only.handle
            }
            let trimmed = handle.hasPrefix("@") ? String(handle.dropFirst()) : handle
            if let account = try? accounts.one(named: trimmed) { return account.handle }
            guard trimmed.contains("@") else { throw ValidationError("give a full handle, user@host, not \(handle)") }
            return trimmed
        }
    }
}
