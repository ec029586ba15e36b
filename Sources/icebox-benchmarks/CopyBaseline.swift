import Foundation

/// PostgreSQL's own fastest way in: the same statuses loaded with `COPY … FROM` (binary format, through
/// `psql`) into an empty archive database, the baseline issue 30 sets for import ("at least half of COPY").
enum CopyBaseline {
    /// Copies `table` out of `source` into a file, then times loading that file into `target` (whose
    /// schema exists). The time includes starting `psql` once (a few milliseconds).
    static func seconds(table: String, from source: String, into target: String) throws -> Double {
        let file = FileManager.default.temporaryDirectory.appending(path: "icebox-copy-\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: file) }
        try psql(source, "\\copy \(table) TO '\(file.path)' WITH (FORMAT binary)")
        let clock = ContinuousClock()
        let started = clock.now
        try psql(target, "\\copy \(table) FROM '\(file.path)' WITH (FORMAT binary)")
        return (clock.now - started).seconds
    }

    private static func psql(_ url: String, _ command: String) throws {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = ["--no-psqlrc", "--quiet", "-v", "ON_ERROR_STOP=1", "--dbname", url, "--command", command]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CopyBaselineError(message: "psql \(command) exited with \(process.terminationStatus)")
        }
    }

    /// `psql` on the PATH, else the newest PostgreSQL's under /usr/lib/postgresql (as scripts/postgres-cluster).
    private static func executable() throws -> URL {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/psql" }
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        let installed = versions.sorted { $0.compare($1, options: .numeric) == .orderedDescending }
            .map { "/usr/lib/postgresql/\($0)/bin/psql" }
        guard let found = (paths + installed).first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw CopyBaselineError(message: "psql not found (install postgresql-client)")
        }
        return URL(fileURLWithPath: found)
    }
}

struct CopyBaselineError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
