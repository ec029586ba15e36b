import ArchiveCore
import ArgumentParser
import Foundation
import GRDB

/// Imports a generated Mastodon account export (100 000 posts and 5 GB of media by default) with the
/// real `icebox` binary, and inserts the same status rows straight into a fresh archive with SQL.
struct ExportImportBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-export",
        abstract: "icebox import mastodon-export: statuses/s, MB/s and peak memory, beside direct SQL inserts.")

    @Option(help: "Posts in the generated export.")
    var statuses = 100_000

    @Option(help: "Megabytes of media in the generated export (5120 is the issue's 5 GB; less for quick runs).")
    var mediaMB = 5120

    @Option(help: "Work in this new folder and keep it (the ZIP, the imported archive in home/), to compare archives.")
    var keep: String?

    @OptionGroup var icebox: IceboxBinary

    func run() async throws {
        let scratch =
            keep.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appending(path: "icebox-bench-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: keep == nil)
        defer { if keep == nil { try? FileManager.default.removeItem(at: scratch) } }
        print("generating an export of \(statuses) posts and \(mediaMB) MB of media…")
        let zip = scratch.appending(path: "archive.zip")
        let zipSize = try SyntheticExport(statuses: statuses, mediaBytes: Int64(mediaMB) << 20)
            .write(to: zip, scratch: scratch)
        try? FileManager.default.removeItem(at: scratch.appending(path: "outbox.json"))
        let home = scratch.appending(path: "home")
        let imported = try await Measured.run(
            icebox.url,
            [
                "import", "mastodon-export", zip.path, "--home", home.path,
                "--max-media-size", "4096M",
            ])
        try imported.succeeded("the import")
        let archivePath = home.appending(path: "archive.sqlite")
        let rows = try await DatabaseQueue(path: archivePath.path).read { db in
            try Int.fetchOne(db, sql: StatsStatements.count("statuses")) ?? 0
        }
        let direct = try await ImportBenchmark.directInsert(
            from: archivePath, into: scratch.appending(path: "direct.sqlite"))
        let extracted = scratch.appending(path: "extracted")
        let media = try MediaExtraction.run(zip, into: extracted)
        try? FileManager.default.removeItem(at: extracted)
        let rate = Double(rows) / imported.seconds
        let directRate = Double(rows) / direct
        print(
            """
            export                \(statuses) posts, \(zipSize >> 20) MiB ZIP
            icebox import         \(String(format: "%.2f", imported.seconds)) s, \(Int(rate)) statuses/s, \
            \(String(format: "%.1f", Double(zipSize) / 1_048_576 / imported.seconds)) MB/s, peak RSS \(imported.peakRSSKiB / 1024) MiB
            direct SQL insert     \(String(format: "%.2f", direct)) s, \(Int(directRate)) statuses/s (the same \(rows) rows, transactions of 40)
            media extraction      \(String(format: "%.2f", media.seconds)) s, \(media.bytes >> 20) MiB written out of the ZIP as they are
            import / direct       \(String(format: "%.0f", 100 * rate / directRate)) %   (goal: at least 50 %; peak RSS under 200 MiB)
            import / (direct + extraction)  \(String(format: "%.0f", 100 * (direct + media.seconds) / imported.seconds)) %   \
            (the same rows and the same media files written, one after the other)
            """)
    }
}
