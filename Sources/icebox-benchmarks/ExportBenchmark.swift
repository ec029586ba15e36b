import ArgumentParser
import Foundation
import MastodonTestServer

/// Thread export with the real `icebox` binary: a thread of `--statuses` replies with `--media` images,
/// synced from the loopback test server, exported as .tar.gz beside `tar czf` of the same unpacked
/// folder, in the same run.
struct ExportBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Thread export time beside tar czf of the same folder.")

    @Option(help: "Statuses in the thread (the root and its replies).") var statuses = 500
    @Option(help: "Statuses with one image each (distinct files).") var media = 200
    @Option(help: "Bytes per image; 0 for small real PNGs (what a screenshot wants).") var mediaBytes = 262_144
    @Option(help: "Runs of each measurement (the median is reported).") var runs = 5
    @Option(help: "Keep the unpacked export in this folder (to look at index.html).") var keep: String?
    @OptionGroup var icebox: IceboxBinary

    func validate() throws {
        guard statuses > 0, (0...statuses).contains(media), runs > 0, mediaBytes >= 0 else {
            throw ValidationError("need statuses > 0, 0 ≤ media ≤ statuses, runs > 0")
        }
    }

    func run() async throws {
        var config = TestServerConfig()
        config.statusCount = 20
        config.homeShare = 1
        try await BinaryBench.run(icebox, serving: config, scratch: "icebox-export-bench") { bench in
            let root = try await buildThread(on: bench.server)
            let home = bench.scratch
            let arguments = ["--home", home.path]
            try await bench.pinHome(arguments)
            let sync = try await bench.measure(["sync", "--quiet", "--backfill-pages", "1000"] + arguments)
            await bench.server.stop()
            try sync.succeeded("sync")

            let tarball = home.appending(path: "thread.tar.gz")
            var exports: [Measured] = []
            for _ in 0..<runs {
                let export = try await bench.measure(["export", "thread", root, "-o", tarball.path] + arguments)
                exports.append(try export.succeeded("export"))
            }
            let unpacked = URL(fileURLWithPath: keep ?? home.appending(path: "unpacked").path)
            try FileManager.default.createDirectory(at: unpacked, withIntermediateDirectories: true)
            _ = try await Measured.run(
                URL(fileURLWithPath: "/usr/bin/tar"), ["-xzf", tarball.path, "-C", unpacked.path])
            let folder = try FileManager.default.contentsOfDirectory(atPath: unpacked.path).filter {
                $0.hasPrefix("thread-")
            }.sorted()
            guard let name = folder.first else { throw ValidationError("the tarball holds no thread folder") }
            let plain = home.appending(path: "plain.tar.gz")
            var tars: [Measured] = []
            for _ in 0..<runs {
                tars.append(
                    try await Measured.run(
                        URL(fileURLWithPath: "/usr/bin/tar"),
                        ["-czf", plain.path, "-C", unpacked.path, name]))
            }
            let files = MediaBenchmark.files(under: unpacked.appending(path: name))
            let bytes = files.reduce(Int64(0)) { $0 + $1.size }
            func median(_ runs: [Measured]) -> Double { runs.map(\.seconds).sorted()[runs.count / 2] }
            func size(_ url: URL) -> Int64 {
                ((try? FileManager.default.attributesOfItem(atPath: url.path)[.size]) as? NSNumber)?.int64Value ?? 0
            }
            print(
                """
                thread                 \(statuses) statuses, \(media) images of \(mediaBytes) bytes; \(files.count) files, \(bytes / 1024) KiB unpacked
                icebox export thread   \(String(format: "%6.3f s", median(exports)))  median of \(runs), process start included; \
                \(size(tarball) / 1024) KiB; peak RSS \((exports.map(\.peakRSSKiB).max() ?? 0) / 1024) MiB
                tar czf (same folder)  \(String(format: "%6.3f s", median(tars)))  median of \(runs); \(size(plain) / 1024) KiB
                unpacked at            \(unpacked.appending(path: name).path)\(keep == nil ? " (removed)" : "")
                """)
        }
    }

    /// Adds the thread: each reply answers a seeded-random earlier status, so the tree has depth and
    /// breadth; images go to `media` statuses spread evenly. Returns the root's id.
    private func buildThread(on server: TestServer) async throws -> String {
        let users = await server.snapshot().localUsernames
        var rng = SplitMix64(seed: 42)
        var ids: [String] = []
        for index in 0..<statuses {
            let hasImage = media > 0 && (index * media) / statuses != ((index + 1) * media) / statuses
            let path = mediaBytes == 0 ? "/media/bench/\(index).png" : "/media/large/\(mediaBytes)/bench\(index).png"
            let parent = ids.isEmpty ? nil : ids[ids.count - 1 - rng.int(min(ids.count, 12))]
            guard
                let id = await server.addStatus(
                    username: users[index % users.count], mediaPaths: hasImage ? [path] : [],
                    description: hasImage ? "Benchmark image \(index)" : nil,
                    text: "Reply \(index) of the benchmark thread, with a few words to index.", inReplyTo: parent)
            else { throw ValidationError("the test server refused status \(index)") }
            ids.append(id)
        }
        return ids[0]
    }
}
