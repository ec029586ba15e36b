import ArchiveCore
import Foundation
import HistoryImport

/// What one `icebox import` command runs in: its context, the import locks held for as long as the
/// session lives, and the line that shows the import's progress on a terminal.
struct ImportSession {
    let context: CommandContext
    let locks: WriterLocks
    let line = ImportProgressLine()

    /// Checks that `input` (the file or folder imported; nil for standard input) can be read, then
    /// opens the archive (starting one if need be) and takes the import locks; another holder of them
    /// stops the import at once (exit 75). An input that cannot be read starts no archive.
    init(_ global: GlobalOptions, input: String? = nil) async throws {
        if let input { try ImportInput.check(input) }
        context = try await global.context(.mayStart)
        locks = try await WriterLocks(context.home)
    }

    /// Runs one import command whole: the session opened, `importing` run into the store (see
    /// ``run(file:_:)``), and a failure reported as every command reports one.
    static func run(
        _ global: GlobalOptions,
        file label: String,
        input: String?,
        _ importing: (any ArchiveStore, @escaping @Sendable (ImportProgress) -> Void) async throws -> ImportReport
    ) async throws {
        try await reportingFailures {
            let session = try await ImportSession(global, input: input)
            defer { withExtendedLifetime(session) {} }
            try await session.run(file: label, importing)
        }
    }

    /// Runs `importing` into the store with the progress line, then says on stderr what it did with
    /// the file named `label`.
    @discardableResult
    func run(
        file label: String,
        _ importing: (any ArchiveStore, @escaping @Sendable (ImportProgress) -> Void) async throws -> ImportReport
    ) async throws -> ImportReport {
        let line = self.line
        let report = try await importing(context.store) { line.show($0) }
        line.end()
        Console.err(report.sentence(file: label))
        return report
    }
}
