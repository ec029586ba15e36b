import ArchiveCore

extension GlobalOptions {
    /// Lists what `load` reads from the archive (opened only to query): as one JSON array with `--json`
    /// (`format`); otherwise a line each, made by `line`, or `empty` on stderr when there is nothing.
    func list<Item: Encodable>(
        _ format: ReportFormat,
        empty: String,
        _ load: (any ArchiveStore) async throws -> [Item],
        line: (Item, CommandContext) async throws -> String
    ) async throws {
        let context = try await context(.queryOnly)
        let items = try await load(context.store)
        if format.json { return try Console.json(items) }
        if items.isEmpty { Console.err(empty) }
        for item in items {
            Console.out(try await line(item, context))
        }
    }
}
