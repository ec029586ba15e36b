import ArchiveCore
import ArgumentParser
import Foundation
import HistoryImport
import Importer
import MediaArchive
import MediaFiles
import Models

extension Icebox {
    /// `icebox import`: history from elsewhere into the archive.
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Import history from Mastodon's own export or other archivers' files.",
            discussion: """
                An import is atomic: it is kept whole or, when the file turns out bad, not at all (the \
                archive is left as it was; run it again once the file is whole). Importing the same file \
                twice changes nothing: statuses are one row per uri, whichever way they arrived, and a \
                sync replaces an imported copy with the server's own.
                """,
            subcommands: [
                MastodonExport.self, MastodonArchive.self, MastodonToSQLite.self, JSONLines.self, ImportWARC.self,
            ])
    }
}

extension Icebox.Import {
    struct MastodonExport: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "mastodon-export",
            abstract:
                "Import the archive Mastodon lets you download (a ZIP, a tar.gz, or the folder unpacked), or the CSVs of its Import and export page.",
            discussion: """
                Every post of outbox.json is archived as a status of the account in actor.json (the \
                ActivityPub object kept byte for byte beside it), with its media files; boosts, likes.json \
                and bookmarks.json are kept by uri until the statuses they name are archived by a sync, \
                or fetched with --resolve. The file is read where it is, never unpacked.

                The CSVs of Mastodon's Import and export page (following_accounts.csv, muted_accounts.csv, \
                blocked_accounts.csv, blocked_domains.csv, lists.csv, bookmarks.csv), given as a file or \
                found in the ZIP or folder, are kept as claims of that file for the account (--account): \
                apart from what its server confirmed (`icebox account following --claims` lists them), \
                bookmarks.csv's posts as bookmarks by uri. A file is recognised by its header line, or \
                by its name where Mastodon writes none; a row that cannot be read is skipped and counted.
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(
            help: "The export: archive-….zip (or .tar.gz), the folder it was unpacked into, or one of the CSVs.")
        var file: String

        @Option(
            help: ArgumentHelp(
                "The account the CSVs' relations are of (user@host or its server's URL); default: the only one, or the export's.",
                valueName: "account"))
        var account: String?

        @OptionGroup var mediaSize: MediaSizeLimit

        @Flag(
            help: ArgumentHelp(
                "Then fetch the statuses the export names only by uri (likes, bookmarks, boosts) from the account's server.",
                discussion: "Needs the account with its token (icebox account add SERVER). Run it again to go on "
                    + "after a stop: the import changes nothing the second time."))
        var resolve = false

        func run() async throws {
            try await reportingFailures {
                let session = try await ImportSession(global, input: file)
                defer { withExtendedLifetime(session) {} }
                let (context, line) = (session.context, session.line)
                let isCSV = MastodonCSVImport.isCSV(URL(fileURLWithPath: file))
                let claims = try ImportClaims(file)
                // A CSV alone: whose claims they are is settled before anything is read into the archive.
                var owner = isCSV ? try await ImportClaims.account(account, exported: nil, in: context.store) : nil
                var report: ImportReport?
                if !isCSV {
                    var importer = MastodonExportImport(
                        file: URL(fileURLWithPath: file), media: MediaLayout(root: context.home.media))
                    importer.limits.mediaBytes = mediaSize.maxMediaSize.bytes
                    do {
                        report = try await session.run(file: file) { try await importer.run(into: $0, progress: $1) }
                    } catch ImportError.notThisFormat where claims.found {
                        // A folder or ZIP of CSVs only: no account archive beside them.
                    }
                }
                if claims.found {
                    if owner == nil {
                        owner = try await ImportClaims.owner(
                            of: claims, named: account, exported: report?.account, in: context.store)
                    }
                    if let owner { try await claims.store(into: context.store, account: owner) }
                } else if report == nil {
                    throw ImportError.notThisFormat(
                        file: file, reason: "one of Mastodon's CSVs: it has no " + MastodonCSVKind.expected)
                }
                guard resolve, let report, let account = report.account else { return }
                let resolver = ReferenceResolver(
                    archive: context.store, credentials: try context.credentials.load(), logger: context.logger)
                let resolved = try await resolver.resolve(account: account) { done, total in
                    line.show { "resolving: \(done) of \(total) statuses named by uri" }
                }
                line.end()
                Console.err(resolved.sentence)
                // Boosts whose post was fetched now become boosts (the account as its newest archived post
                // shows it, or as the export describes it when the archive holds no post of it).
                let source = ImportSource(
                    format: "mastodon-export", file: URL(fileURLWithPath: file).lastPathComponent,
                    server: String(account.split(separator: "@").last ?? ""))
                let boosts = try await BoostRows.store(
                    account: account, actorAccount: report.accountJSON, source: source,
                    into: context.store)
                if boosts.new > 0 { Console.err("\(boosts.new) boosts of fetched posts made boosts") }
                if resolved.stopped != nil { throw ExitCode(ExitStatus.failure) }
            }
        }
    }
}
