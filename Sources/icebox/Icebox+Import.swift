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
            abstract: "Import the archive Mastodon lets you download (a ZIP, a tar.gz, or the folder unpacked).",
            discussion: """
                Every post of outbox.json is archived as a status of the account in actor.json (the \
                ActivityPub object kept byte for byte beside it), with its media files; boosts, likes.json \
                and bookmarks.json are kept by uri until the statuses they name are archived by a sync, \
                or fetched with --resolve. The file is read where it is, never unpacked.
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The export: archive-….zip (or .tar.gz), or the folder it was unpacked into.")
        var file: String

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
                var importer = MastodonExportImport(
                    file: URL(fileURLWithPath: file), media: MediaLayout(root: context.home.media))
                importer.limits.mediaBytes = mediaSize.maxMediaSize.bytes
                let report = try await session.run(file: file) { try await importer.run(into: $0, progress: $1) }
                guard resolve, let account = report.account else { return }
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
