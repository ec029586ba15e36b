import Foundation
import IceboxTestSupport
import Testing

/// The file an import is given is checked before anything else: a missing one is named as missing
/// (66), one the user may not read as unreadable (74), and neither starts an archive in a new folder
/// (issue 42: the new-user pass's m2, P2 and P4).
@Suite(.serialized) struct ImportInputTests {
    static let kinds = ["mastodon-export", "mastodon-archive", "jsonl", "mastodon-to-sqlite", "warc"]

    @Test(arguments: kinds)
    func aMissingFileIsNamedAsMissingAndStartsNoArchive(_ kind: String) async throws {
        let parent = try TemporaryDirectory("icebox-import-input")
        let home = parent.url.appending(path: "new-archive")
        let file = parent.url.appending(path: "nosuch.file").path
        var arguments = ["import", kind, file, "--home", home.path]
        if kind == "jsonl" || kind == "mastodon-to-sqlite" { arguments += ["--server", "example.social"] }
        let result = try await CommandRunner.run(CLI.binary, arguments)
        #expect(result.status == 66, "\(kind): \(result.stderr)")
        #expect(result.stderr.contains("\(file): no such file or folder"), "\(kind): \(result.stderr)")
        #expect(!result.stderr.contains("operation could not be completed"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home.path), "\(kind) started an archive")
    }

    @Test(.enabled(if: geteuid() == 0, "needs root to run as another user"), arguments: kinds)
    func anUnreadableFileIsNamedAsUnreadableWithExit74(_ kind: String) async throws {
        let parent = try TemporaryDirectory("icebox-import-denied")
        #expect(chmod(parent.path, 0o755) == 0)
        let home = parent.url.appending(path: "home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        #expect(chown(home.path, 65534, 65534) == 0)
        let file = parent.url.appending(path: "export.zip")
        try Data("PK".utf8).write(to: file)
        #expect(chmod(file.path, 0o000) == 0)
        var arguments = ["import", kind, file.path, "--home", home.path]
        if kind == "jsonl" || kind == "mastodon-to-sqlite" { arguments += ["--server", "example.social"] }
        let result = try await CommandRunner.run(
            URL(fileURLWithPath: "/usr/bin/setpriv"),
            ["--reuid=65534", "--regid=65534", "--clear-groups", CLI.binary.path] + arguments)
        #expect(result.status == 74, "\(kind): \(result.stderr)")
        #expect(result.stderr.contains("\(file.path): permission denied"), "\(kind): \(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty, "no archive was started")
    }
}
