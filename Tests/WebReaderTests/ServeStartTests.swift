import Foundation
import IceboxTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// How `icebox serve` starts, or says why it cannot: a password file others may read is refused as ssh
/// refuses such a key; an address another program holds is named, with the exit status of "try again
/// later"; the first line names the store served (a PostgreSQL URL, not the folder).
@Suite(.serialized) struct ServeStartTests {
    @Test func aPasswordFileOthersMayReadIsRefused() async throws {
        let archive = try #require(try await ServedStore.sqlite.archive())
        let secrets = try TemporaryDirectory("icebox-serve-loose")
        let file = secrets.url.appending(path: "password")
        try Data("correct horse\n".utf8).write(to: file)
        for mode in [0o644, 0o666, 0o640, 0o602] {
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
            let process = try RunningProcess(
                CommandRunner.productsDirectory.appending(path: "icebox"),
                ["serve", "--listen", "127.0.0.1:0", "--password-file", file.path, "--home", archive.home.path])
            let ended = try await process.waitForExit(seconds: 20)
            if !ended { process.signal(SIGKILL) }
            #expect(ended, "mode \(String(mode, radix: 8)): refused, not served")
            #expect(ended && process.exitStatus == 64, "mode \(String(mode, radix: 8))")
            #expect(process.errors().contains("chmod 600 \(file.path)"), "\(process.errors())")
            #expect(!process.output().contains("Serving"))
        }
    }

    @Test func anAddressInUseIsNamed() async throws {
        let archive = try #require(try await ServedStore.sqlite.archive())
        try await archive.serving { served in
            let second = try RunningProcess(
                CommandRunner.productsDirectory.appending(path: "icebox"),
                ["serve", "--listen", served.authority, "--home", archive.home.path])
            let ended = try await second.waitForExit(seconds: 20)
            if !ended { second.signal(SIGKILL) }
            #expect(ended && second.exitStatus == 75, "exit \(ended ? second.exitStatus : -1)")
            #expect(second.errors().contains("\(served.authority) is already in use"), "\(second.errors())")
            #expect(!second.errors().contains("errno"), "no raw NIO error")
        }
    }

    @Test(arguments: ServedStore.allCases) func theFirstLineNamesTheStoreServed(_ kind: ServedStore) async throws {
        guard let archive = try await kind.archive() else { return }
        let process = try await ServeProcess.start(
            ["serve", "--listen", "127.0.0.1:0", "--home", archive.home.path]
                + (archive.store.map { ["--store", $0] } ?? []))
        defer { process.running.signal(SIGKILL) }
        let line = process.running.output()
        if let store = archive.store {
            #expect(line.hasPrefix("Serving postgres://"), "\(line)")
            #expect(line.contains(String(store.split(separator: "/").last ?? "")), "the database: \(line)")
        } else {
            #expect(line.hasPrefix("Serving \(archive.home.path) at"), "\(line)")
        }
    }
}
