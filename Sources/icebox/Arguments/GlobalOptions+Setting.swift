import ArchiveCore

extension GlobalOptions {
    /// `icebox config NAME [VALUE]`: without a value, prints the archive's setting (read as it is);
    /// with one, stores it (starting an archive if need be) and says `NAME: VALUE` on stderr.
    func setting<Value: RawRepresentable<String>>(
        _ name: String,
        _ value: Value?,
        read: (any ArchiveStore) async throws -> Value,
        write: (any ArchiveStore, Value) async throws -> Void
    ) async throws {
        try await reportingFailures {
            guard let value else {
                return Console.out(try await read(try await context(.reading).store).rawValue)
            }
            try await write(try await context(.mayStart).store, value)
            Console.err("\(name): \(value.rawValue)")
        }
    }
}
