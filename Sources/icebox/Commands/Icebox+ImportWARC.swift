import ArchiveCore
import ArgumentParser
import Foundation
import HistoryImport
import MediaArchive
import MediaFiles
import Models
import WARC

extension Icebox.Import {
    /// `icebox import warc`.
    struct ImportWARC: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "warc",
            abstract: "Import the statuses and media files of a WARC file (from sync --warc or export -o ….warc.gz).",
            discussion: """
                Every status comes back with its JSON byte for byte, and every media file with the same bytes \
                (docs/warc.md). A damaged place of the file (a gzip member cut short, a record whose digest \
                does not match) is named on stderr and skipped: the good records beside it are imported, and \
                the command then exits 65.
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The WARC file (.warc.gz or .warc).")
        var file: String

        @OptionGroup var mediaSize: MediaSizeLimit

        func run() async throws {
            try await reportingFailures {
                let session = try await ImportSession(global, input: file)
                defer { withExtendedLifetime(session) {} }
                var importer = WARCImport(
                    file: URL(fileURLWithPath: file), media: MediaLayout(root: session.context.home.media))
                importer.maxMediaBytes = mediaSize.maxMediaSize.bytes
                var problems: [WARCReadProblem] = []
                try await session.run(file: file) { store, progress in
                    let (report, found) = try await importer.run(into: store, progress: progress)
                    problems = found
                    return report
                }
                guard !problems.isEmpty else { return }
                for problem in problems { Console.err("icebox: \(problem)") }
                Console.err(
                    "icebox: \(problems.count) damaged place\(problems.count == 1 ? "" : "s") of \(file) skipped; "
                        + "the records beside them were imported")
                throw ExitCode(ExitStatus.dataError)
            }
        }
    }
}
