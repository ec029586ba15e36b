import Archive
import ArgumentParser
import Foundation
import GRDB
import Logging

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Mastodon client API of `icebox serve` (issue 45), measured beside its pages by `serve`: the home
/// timeline paged as an app pages it (`limit=40`, each page from the `Link` of the one before, 1,000
/// pages deep), a tag's timeline, and single statuses. Goal: home pages' p95 under 50 ms at 1,000,000
/// statuses on either store.
enum ServeAPIBenchmark {
    /// The archiving account the API reads as, and the generated home and bookmarks timelines made its
    /// own (the generated archive has timelines but no account). Done once; a prepared archive keeps it.
    static func ownTimelines(in database: URL, logger: Logger) async throws {
        let archive = try ArchiveDatabase(path: database, logger: logger)
        if try await archive.accounts().isEmpty {
            _ = try await archive.addAccount(
                handle: "bench@bench.example", server: "https://bench.example", remoteID: "1", username: "bench",
                displayName: "Bench", url: nil)
        }
        let queue = try DatabaseQueue(path: database.path)
        try await queue.write { db in
            try db.execute(sql: "UPDATE timelines SET account_id = (SELECT MIN(id) FROM archiving_accounts)")
        }
    }

    /// A new token for the API, named `bench` (an older one of that name is removed first).
    static func token(_ icebox: URL, home: URL) throws -> String {
        _ = try run(icebox, ["serve", "token", "remove", "bench", "--home", home.path])
        let added = try run(icebox, ["serve", "token", "add", "bench", "--home", home.path])
        let token = added.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty else { throw ValidationError("icebox serve token add printed no token") }
        return token
    }

    private static func run(_ executable: URL, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The API's rows of the table: each a name, its request times (ms) and serve's CPU per request.
    static func measure(base: String, token: String, pid: Int32, pages: Int) async throws -> [(
        String, [Double], Double
    )] {
        var rows: [(String, [Double], Double)] = []
        for (name, start, count) in [
            ("api home, limit=40", "/api/v1/timelines/home?limit=40", pages),
            ("api #swift, limit=40", "/api/v1/timelines/tag/swift?limit=40", max(pages / 10, 1)),
        ] {
            var samples: [Double] = []
            var cpu = 0.0
            var ids: [String] = []
            var next: String? = base + start
            while let address = next, samples.count < count {
                let before = ServeBenchmark.cpuMilliseconds(of: pid)
                let (data, link, elapsed) = try await get(address, token: token)
                cpu += ServeBenchmark.cpuMilliseconds(of: pid) - before
                samples.append(elapsed)
                let statuses = (try? JSONSerialization.jsonObject(with: data)) as? [[String: Any]] ?? []
                guard !statuses.isEmpty else { break }
                if ids.count < 40 { ids += statuses.compactMap { $0["id"] as? String } }
                next = link.flatMap(nextAddress)
            }
            rows.append((name + " (\(samples.count) pages)", samples, cpu / Double(max(samples.count, 1))))
            if name.hasPrefix("api home") {
                var single: [Double] = []
                var singleCPU = 0.0
                for id in ids.prefix(40) {
                    let before = ServeBenchmark.cpuMilliseconds(of: pid)
                    single.append(try await get(base + "/api/v1/statuses/\(id)", token: token).elapsed)
                    singleCPU += ServeBenchmark.cpuMilliseconds(of: pid) - before
                }
                rows.append(("api status", single, singleCPU / Double(max(single.count, 1))))
            }
        }
        return rows
    }

    /// One GET with the token: its body, its `Link`, and how long it took (ms).
    static func get(_ url: String, token: String) async throws -> (data: Data, link: String?, elapsed: Double) {
        guard let address = URL(string: url) else { throw ValidationError("bad URL \(url)") }
        var request = URLRequest(url: address)
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        let clock = ContinuousClock()
        let started = clock.now
        let (data, response) = try await URLSession.shared.data(for: request)
        let elapsed = clock.now - started
        let http = response as? HTTPURLResponse
        guard http?.statusCode == 200 else { throw ValidationError("\(url): HTTP \(http?.statusCode ?? 0)") }
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        return (data, http?.value(forHTTPHeaderField: "Link"), milliseconds)
    }

    /// The `rel="next"` address of a `Link` header.
    static func nextAddress(_ link: String) -> String? {
        for part in link.split(separator: ",") where part.contains("rel=\"next\"") {
            guard let open = part.firstIndex(of: "<"), let close = part.firstIndex(of: ">") else { continue }
            return String(part[part.index(after: open)..<close])
        }
        return nil
    }
}
