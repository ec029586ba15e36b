import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The archive folder holds the tokens and the archive: a folder someone else owns or may write in is
/// refused (exit 77, naming it and the fix), one others may only read is tightened to 0700 with a note,
/// the files in it are owner-only whatever the umask, and `doctor` reports each of these.
@Suite(.serialized) struct FolderSafetyTests {
    static func mode(_ path: String) -> UInt32 {
        var info = stat()
        return lstat(path, &info) == 0 ? UInt32(info.st_mode & 0o777) : 0
    }

    static func doctorProblems(_ cli: CLI) async throws -> (status: Int32, problems: [String]) {
        let result = try await cli.run("doctor")
        return (result.status, DoctorTests.lines(result.stdout, "problem"))
    }

    @Test(.enabled(if: geteuid() == 0, "needs root to give the folder to another user"))
    func aFolderAnotherUserOwnsIsRefused() async throws {
        let server = try await TestServer.startHome(statuses: 5)
        defer { Task { await server.stop() } }
        let cli = try await CLI.syncingHome(of: server, "--no-media")
        #expect(chown(cli.home.path, 12345, 12345) == 0)
        defer { _ = chown(cli.home.path, 0, 0) }

        let refused = try await cli.run("sync", "--quiet", "--no-media")
        #expect(refused.status == 77, "\(refused.stderr)")
        #expect(
            refused.stderr.contains(cli.home.path) && refused.stderr.contains("uid 12345")
                && refused.stderr.contains("chown"), "\(refused.stderr)")
        let doctor = try await Self.doctorProblems(cli)
        #expect(doctor.status == 1)
        #expect(
            doctor.problems.contains { $0.hasPrefix("problem folder: ") && $0.contains("uid 12345") },
            "\(doctor.problems)")
    }

    @Test func aFolderOthersMayWriteInIsRefused() async throws {
        let server = try await TestServer.startHome(statuses: 5)
        defer { Task { await server.stop() } }
        let cli = try await CLI.syncingHome(of: server, "--no-media")
        for mode in [0o777, 0o770, 0o733] as [mode_t] {
            #expect(chmod(cli.home.path, mode) == 0)
            let refused = try await cli.run("sync", "--quiet", "--no-media")
            #expect(refused.status == 77, "\(String(mode, radix: 8)): \(refused.stderr)")
            #expect(refused.stderr.contains(cli.home.path) && refused.stderr.contains("chmod 700"), "\(refused.stderr)")
            #expect(Self.mode(cli.home.path) == UInt32(mode), "left as it is, for the user to inspect")
            let doctor = try await Self.doctorProblems(cli)
            #expect(
                doctor.status == 1 && doctor.problems.contains { $0.hasPrefix("problem folder: ") },
                "\(doctor.problems)")
        }
    }

    @Test func aFolderAndArchiveOthersMayReadAreTightenedWithANote() async throws {
        let server = try await TestServer.startHome(statuses: 5)
        defer { Task { await server.stop() } }
        let cli = try await CLI.syncingHome(of: server, "--no-media")
        let archive = cli.home.url.appending(path: "archive.sqlite").path
        #expect(chmod(cli.home.path, 0o755) == 0 && chmod(archive, 0o644) == 0)
        let doctor = try await Self.doctorProblems(cli)
        #expect(doctor.status == 1)
        #expect(
            doctor.problems.contains { $0.hasPrefix("problem folder: ") && $0.contains("chmod 700") },
            "\(doctor.problems)")
        #expect(
            doctor.problems.contains { $0.hasPrefix("problem archive.sqlite: ") && $0.contains("chmod 600") },
            "\(doctor.problems)")

        let synced = try await cli.run("sync", "--quiet", "--no-media")
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(
            synced.stderr.contains(cli.home.path) && synced.stderr.contains("700"), "a note says so: \(synced.stderr)")
        #expect(Self.mode(cli.home.path) == 0o700 && Self.mode(archive) == 0o600)
        #expect(try await Self.doctorProblems(cli).status == 0)
    }

    @Test func underUmask000TheFolderIs700AndItsFiles600() async throws {
        let server = try await TestServer.startHome(statuses: 5)
        defer { Task { await server.stop() } }
        let scratch = try TemporaryDirectory("icebox-umask")
        let home = scratch.url.appending(path: "new/home").path
        func icebox(_ arguments: String..., stdin: String? = nil) async throws -> CommandResult {
            try await CommandRunner.run(
                URL(fileURLWithPath: "/bin/sh"),
                ["-c", "umask 000 && exec \"$0\" \"$@\"", CLI.binary.path] + arguments + ["--home", home],
                stdin: stdin)
        }
        #expect(
            try await icebox("account", "add", server.baseURL.absoluteString, "--token-stdin", stdin: "test-token\n")
                .status == 0)
        #expect(try await icebox("timeline", "add", "home").status == 0)
        try #require(
            await server.addStatus(username: "alice", mediaPaths: ["/media/umask/a.png"], text: "umask") != nil)
        let synced = try await icebox("sync", "--quiet")
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(Self.mode(home) == 0o700)
        let names = [
            "archive.sqlite", "archive.sqlite-wal", "archive.sqlite-shm", "credentials.json", "sync.lock",
            "media.lock", "metadata.json",
        ]
        for name in names {
            let path = home + "/" + name
            guard FileManager.default.fileExists(atPath: path) else { continue }
            #expect(Self.mode(path) == 0o600, "\(name): \(String(Self.mode(path), radix: 8))")
        }
        #expect(Self.mode(home + "/archive.sqlite") == 0o600 && Self.mode(home + "/credentials.json") == 0o600)
        #expect(Self.mode(home + "/metadata.json") == 0o600, "Datasette's file is the folder's too")
        // The media store: every folder 0700 and every file 0600, as the README says of the whole folder.
        let media = home + "/media"
        #expect(Self.mode(media) == 0o700)
        var files = 0
        for relative in FileManager.default.subpaths(atPath: media) ?? [] {
            let path = media + "/" + relative
            var info = stat()
            #expect(lstat(path, &info) == 0)
            let isFolder = info.st_mode & S_IFMT == S_IFDIR
            if !isFolder { files += 1 }
            #expect(Self.mode(path) == (isFolder ? 0o700 : 0o600), "\(relative): \(String(Self.mode(path), radix: 8))")
        }
        #expect(files > 0, "the attachment was stored")
    }
}
