import ArgumentParser

/// `icebox-benchmarks`: measurements, not tests. Run with `swift run -c release icebox-benchmarks …`.
@main
struct Benchmarks: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "icebox-benchmarks", abstract: "Measure Icebox against its own limits, on loopback only.",
        subcommands: [
            PostgresSearchBenchmark.self, PostgresImportBenchmark.self, PostgresMigrateBenchmark.self,
            ImportBenchmark.self, ExportImportBenchmark.self, SearchBenchmark.self, MediaBenchmark.self,
            ExportBenchmark.self,
            StartupBenchmark.self, WatchBenchmark.self, ServeBenchmark.self, RowDecodingBenchmark.self,
            WARCBenchmark.self, GraphBenchmark.self,
        ])
}
