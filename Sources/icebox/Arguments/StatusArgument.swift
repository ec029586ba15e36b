import ArchiveCore
import ArgumentParser
import Display

/// The status a command works on (`show`, `export thread`), as the user names it on the command line.
struct StatusArgument: ParsableArguments {
    @Argument(help: "The status: its number in search results, a URL, a uri, or a server's id for it.")
    var status: String

    /// The archive's number for the status; not archived is `ArchiveError.notFound` naming it as typed.
    func number(in store: any ArchiveStore) async throws -> Int64 {
        guard let number = try await StatusReference.resolve(status, in: store) else {
            throw ArchiveError.notFound(status)
        }
        return number
    }
}
