import ArgumentParser
import Foundation
import MastodonTestServer
import Models

/// Media throughput with the real `icebox` binary: `media fetch` of large files from the loopback test
/// server with 4 downloads at once (download, hash, store), then `media verify` (read and re-hash every
/// file) beside reading and copying the same files without hashing, in the same run.
struct MediaBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "media", abstract: "Media download throughput and the cost of hashing beside a plain copy.")

    @Option(help: "Files to download.")
    var files = 64

    @Option(help: "Size of each file, in MiB.")
    var mib = 4

    @Option(help: "Downloads at once.")
    var concurrency = 4

    @OptionGroup var icebox: IceboxBinary

    func run() async throws {
        var config = TestServerConfig()
        config.statusCount = 1
        try await BinaryBench.run(icebox, serving: config, scratch: "icebox-media-bench") { bench in
            let size = mib * 1024 * 1024
            for index in 0..<files {
                _ = await bench.server.addStatus(mediaPaths: ["/media/large/\(size)/bench\(index).mp4"])
            }
            let home = bench.scratch
            let arguments = ["--home", home.path]
            _ = try await bench.measure(
                ["timeline", "add", "remote:\(bench.server.baseURL.absoluteString)"] + arguments)
            let sync = try await bench.measure(["sync", "--quiet", "--no-media"] + arguments)
            try sync.succeeded("sync")
            let fetch = try await bench.measure(
                [
                    "media", "fetch", "--quiet", "--no-previews", "--media-concurrency",
                    "\(concurrency)", "--max-media-size", "\(size + 1)B",
                ] + arguments)
            await bench.server.stop()
            try fetch.succeeded("media fetch")
            let stored = Self.files(under: home.appending(path: "media"))
            let bytes = stored.reduce(Int64(0)) { $0 + $1.size }
            let verify = try await bench.measure(["media", "verify"] + arguments)
            guard verify.status == 0 else { throw ValidationError("media verify found problems (\(verify.status))") }
            let read = try Self.timed { for file in stored { try Self.read(file.url) } }
            let scratch = home.appending(path: "copy")
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            let copy = try Self.timed {
                for (index, file) in stored.enumerated() {
                    try Self.copy(file.url, to: scratch.appending(path: "\(index)"))
                }
            }
            let megabytes = Double(bytes) / 1_000_000
            func rate(_ seconds: Double) -> String {
                String(format: "%7.1f MB/s  (%.2f s)", megabytes / seconds, seconds)
            }
            print(
                """
                files                  \(stored.count) × \(mib) MiB = \(String(format: "%.1f", megabytes)) MB
                media fetch (\(concurrency) at once)  \(rate(fetch.seconds))  download + SHA-256 + store, peak RSS \(fetch.peakRSSKiB / 1024) MiB
                media verify           \(rate(verify.seconds))  read + SHA-256 (one at a time, process start included)
                plain read             \(rate(read))  the same files, 1 MiB reads, no hash
                plain copy             \(rate(copy))  the same files, read and written in 1 MiB pieces
                """)
        }
    }

    static func files(under root: URL) -> [(url: URL, size: Int64)] {
        let walker = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.fileSizeKey, .isRegularFileKey])
        return (walker?.compactMap { $0 as? URL } ?? []).compactMap { url in
            guard !url.path.contains("/.tmp/"),
                let values = try? url.resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey]),
                values.isRegularFile == true
            else { return nil }
            return (url, Int64(values.fileSize ?? 0))
        }
    }

    static func read(_ url: URL) throws {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {}
    }

    static func copy(_ source: URL, to target: URL) throws {
        let input = try FileHandle(forReadingFrom: source)
        defer { try? input.close() }
        _ = FileManager.default.createFile(atPath: target.path, contents: nil)
        let output = try FileHandle(forWritingTo: target)
        defer { try? output.close() }
        while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty { try output.write(contentsOf: chunk) }
        try output.synchronize()
    }

    static func timed(_ body: () throws -> Void) throws -> Double {
        let started = ContinuousClock.now
        try body()
        let elapsed = ContinuousClock.now - started
        return elapsed.seconds
    }
}
