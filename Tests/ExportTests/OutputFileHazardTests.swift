import ArchiveCore
import Foundation
import IceboxTestSupport
import Testing

@testable import Export

#if canImport(Glibc)
    import Glibc
#endif

/// What is already at an export's destination, or beside it, is never followed or replaced by accident.
@Suite struct OutputFileHazardTests {
    static let entries: [String: Exporter.Entry] = ["index.html": .document(Data("<p>hi</p>".utf8))]

    static func export(to destination: URL) throws {
        try Exporter.writeTarball(entries, folder: "thread-1", mtime: 0, format: .tar, to: .file(destination))
    }

    /// The pid of a process that has ended.
    static func deadPID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test func aLinkPlantedAtTheTemporaryNameIsNeverFollowed() throws {
        let folder = try TemporaryDirectory("icebox-planted")
        let victim = folder.url.appending(path: "victim.txt")
        try Data("precious".utf8).write(to: victim)
        // Where an export by this process used to write its temporary file.
        let planted = folder.url.appending(path: ".out.tar.\(getpid()).partial")
        try FileManager.default.createSymbolicLink(atPath: planted.path, withDestinationPath: victim.path)
        let destination = folder.url.appending(path: "out.tar")
        try Self.export(to: destination)
        #expect(try Data(contentsOf: victim) == Data("precious".utf8))
        #expect(try LibarchiveReader.entries(of: destination).map(\.name) == ["thread-1/", "thread-1/index.html"])
        var info = stat()
        #expect(lstat(destination.path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
    }

    @Test func partialFilesOfACrashedExportAreCleaned() throws {
        let folder = try TemporaryDirectory("icebox-stale")
        let dead = try Self.deadPID()
        let stale = [".out.tar.\(dead).partial", ".out.tar.\(dead).k3j9x.partial"]
        for name in stale { try Data("half a tarball".utf8).write(to: folder.url.appending(path: name)) }
        let running = ".out.tar.\(getpid()).zzz.partial"
        try Data("another export, running".utf8).write(to: folder.url.appending(path: running))
        let unrelated = ".other.tar.\(dead).partial"
        try Data("not ours".utf8).write(to: folder.url.appending(path: unrelated))
        try Self.export(to: folder.url.appending(path: "out.tar"))
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == [running, unrelated, "out.tar"].sorted())
    }

    @Test(.enabled(if: getuid() == 0, "making a device node needs root"))
    func aDeviceOrALinkToOneIsWrittenThroughNotReplaced() throws {
        let folder = try TemporaryDirectory("icebox-device")
        let device = folder.url.appending(path: "null")
        let made = try CommandRunner.runSync("/usr/bin/mknod", [device.path, "c", "1", "3"])
        try #require(made == 0, "mknod")
        let link = folder.url.appending(path: "link-to-null")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: device.path)
        for destination in [device, link] {
            try Self.export(to: destination)
        }
        var info = stat()
        #expect(lstat(device.path, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR, "still the device")
        #expect(lstat(link.path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "still the link")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["link-to-null", "null"])
    }
}

extension CommandRunner {
    /// Runs a system tool and waits; its exit status.
    static func runSync(_ path: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
