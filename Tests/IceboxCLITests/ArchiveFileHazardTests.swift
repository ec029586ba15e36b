import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The archive file as found on disk: missing, empty, foreign or read-only. Reading commands never
/// create or re-initialise anything; a read-only archive can still be read.
@Suite(.serialized) struct ArchiveFileHazardTests {
    static let readingCommands: [[String]] = [
        ["search", "kite"], ["show", "1"], ["stats"], ["export", "search", "kite", "-o", "-"],
    ]

    @Test func aReadingCommandOnAFolderWithNoArchiveSaysSoWithExit66AndCreatesNothing() async throws {
        let parent = try TemporaryDirectory("icebox-none")
        let home = parent.url.appending(path: "archive")
        for command in Self.readingCommands {
            let result = try await CommandRunner.run(CLI.binary, command + ["--home", home.path])
            #expect(result.status == 66, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("no archive in \(home.path)"))
            #expect(!FileManager.default.fileExists(atPath: home.path), "\(command) created the folder")
        }
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let repl = try await CommandRunner.run(CLI.binary, ["repl", "--home", home.path], stdin: "quit\n")
        #expect(repl.status == 66)
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty, "no archive file was made")
    }

    @Test func anEmptyOrForeignArchiveFileIsReportedNeverReinitialised() async throws {
        let cli = try CLI()
        let file = cli.home.url.appending(path: "archive.sqlite")
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data()))
        for command in Self.readingCommands + [["timeline", "add", "local@http://127.0.0.1:9"], ["sync"]] {
            let result = try await CommandRunner.run(CLI.binary, command + ["--home", cli.home.path])
            #expect(result.status != 0, "\(command)")
            #expect(
                result.stderr.contains(file.path) && result.stderr.contains("empty"), "\(command): \(result.stderr)")
        }
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int == 0, "left as it was")

        try Data("PK\u{3}\u{4} a zip file, or anything else that is not SQLite".utf8).write(to: file)
        let foreign = try await cli.run("search", "kite")
        #expect(foreign.status == 74 && foreign.stderr.contains("not an SQLite database"), "\(foreign.stderr)")
    }

    /// Runs `icebox` as the unprivileged user `nobody` when the tests run as root (root ignores file
    /// modes), so that a read-only folder really is read-only to it.
    static func runUnprivileged(_ arguments: [String], home: String) async throws -> CommandResult {
        guard getuid() == 0 else { return try await CommandRunner.run(CLI.binary, arguments + ["--home", home]) }
        return try await CommandRunner.run(
            URL(fileURLWithPath: "/usr/bin/setpriv"),
            ["--reuid=65534", "--regid=65534", "--clear-groups", CLI.binary.path]
                + arguments + ["--home", home])
    }

    @Test func aReadOnlyArchiveCanBeSearchedShownAndExported() async throws {
        let server = try await TestServer.startHome(statuses: 30)
        defer { Task { await server.stop() } }
        try #require(await server.addStatus(username: "alice", text: "a kite over the read-only river") != nil)
        let cli = try await CLI.syncingHome(of: server, "--no-media")
        // Read-only for everyone: the folder, and every file in it.
        let names = try FileManager.default.contentsOfDirectory(atPath: cli.home.path)
        #expect(!names.contains("archive.sqlite-shm"), "the archive was closed cleanly")
        for name in names {
            try FileManager.default.setAttributes(
                [.posixPermissions: 0o444], ofItemAtPath: cli.home.url.appending(path: name).path)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: cli.home.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: cli.home.path) }
        let out = try TemporaryDirectory("icebox-ro-out")
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: out.path)

        let search = try await Self.runUnprivileged(["search", "--jsonl", "river"], home: cli.home.path)
        #expect(search.status == 0, "\(search.stderr)")
        #expect(search.stdout.contains("read-only river"))
        let show = try await Self.runUnprivileged(["show", "1"], home: cli.home.path)
        #expect(show.status == 0, "\(show.stderr)")
        let stats = try await Self.runUnprivileged(["stats"], home: cli.home.path)
        #expect(stats.status == 0, "\(stats.stderr)")
        let tarball = out.url.appending(path: "river.tar")
        let export = try await Self.runUnprivileged(
            ["export", "search", "river", "-o", tarball.path], home: cli.home.path)
        #expect(export.status == 0, "\(export.stderr)")
        let exportedURIs = try await Tarball.uris(Tarball.threadJSON(tarball))
        #expect(!exportedURIs.isEmpty && exportedURIs.count == search.stdout.split(separator: "\n").count)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: cli.home.path).sorted() == names.sorted(),
            "nothing was added")
    }

    @Test func scatteredCorruptionIsFoundByStatsCheck() async throws {
        let server = try await TestServer.startHome(statuses: 200)
        defer { Task { await server.stop() } }
        let cli = try await CLI.syncingHome(of: server, "--no-media")
        #expect(try await cli.run("stats", "--check").status == 0, "a sound archive passes")
        let file = cli.home.url.appending(path: "archive.sqlite")
        try cli.damageArchive()
        let checked = try await cli.run("stats", "--check")
        #expect(checked.status == 74, "\(checked.stderr)")
        #expect(checked.stderr.contains(file.path) && checked.stderr.contains("damaged"))
    }
}
