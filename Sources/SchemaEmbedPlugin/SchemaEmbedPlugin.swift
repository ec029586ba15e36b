import Foundation
import PackagePlugin

/// Embeds the package's `schema/*.sql` migrations into the target that uses this plugin; the PostgreSQL
/// store (`ArchivePostgres`) gets `schema/postgres/*.sql` instead.
@main
struct SchemaEmbedPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        let folder = target.name == "ArchivePostgres" ? "schema/postgres" : "schema"
        let schema = context.package.directoryURL.appending(path: folder)
        let files = try FileManager.default.contentsOfDirectory(at: schema, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "sql" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedMigrations.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) schema migrations",
                executable: try context.tool(named: "SchemaEmbedder").url,
                arguments: [output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output])
        ]
    }
}
