import ArchiveCore
import ArgumentParser
import Export
import Foundation
import MastodonAPI
import Transport

extension Icebox.Export {
    /// `icebox export account`: an account's history as Mastodon's own export.
    struct AccountExport: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "account",
            abstract:
                "Export an account's posts, boosts, favourites, bookmarks and media as Mastodon's own export (a ZIP).",
            discussion: """
                outbox.json, likes.json, bookmarks.json, actor.json and media_attachments/, as Mastodon's \
                Request your archive writes them: viewers of that format read it, and `icebox import \
                mastodon-export` reads it back. It holds every post of the account, direct messages too. \
                Beside them, the CSVs of Mastodon's Import and export page for a new server to import: \
                following_accounts.csv, muted_accounts.csv, blocked_accounts.csv, blocked_domains.csv (each \
                once `icebox sync` has walked it) and bookmarks.csv.
                """)

        /// The one format there is.
        enum Format: String, ExpressibleByArgument, CaseIterable {
            case mastodon
        }

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The account (user@host); default: the one account in use.")
        var handle: String?

        @Option(help: "The format: mastodon (Mastodon's account export).")
        var format: Format = .mastodon

        @Option(name: .shortAndLong, help: ArgumentHelp("The ZIP to write (- for standard output).", valueName: "file"))
        var output: String

        @OptionGroup var consent: ConsentOption

        func validate() throws {
            if output == "-", Console.stdoutIsTerminal {
                throw ValidationError("standard output is a terminal: redirect it, or give a file with -o")
            }
            if output.isEmpty || output.hasSuffix("/") { throw ValidationError("-o needs a file name") }
            if output != "-" { try ExportFileName.checkZIP(output) }
        }

        func run() async throws {
            try await reportingFailures {
                let context = try await global.context(.reading)
                let account = try await resolvedHandle(context.store)
                let exporter = Exporter(
                    archive: context.store, home: context.home, version: IceboxVersion.string, logger: context.logger)
                let destination: ExportDestination =
                    output == "-"
                    ? .standardOutput
                    : .file(URL(fileURLWithPath: output).standardizedFileURL)
                let summary = try await exporter.exportMastodonAccount(
                    handle: account, consent: try await consent.policy(context.store), to: destination)
                Console.err(
                    "Exported \(summary.statuses) posts of \(account) and \(summary.mediaFiles) media files to \(summary.path) (Mastodon's export format)"
                )
                ConsentOption.noteLeftOut(summary.leftOutByConsent)
            }
        }

        private func resolvedHandle(_ archive: any ArchiveStore) async throws -> String {
            if let handle { return handle.hasPrefix("@") ? String(handle.dropFirst()) : handle }
            let accounts = try await archive.accounts()
            guard accounts.count == 1, let only = accounts.first else {
                throw ValidationError(
                    accounts.isEmpty
                        ? "name the account to export (user@host)"
                        : "name the account to export: \(accounts.map(\.handle).joined(separator: ", "))")
            }
            return only.handle
        }
    }
}
