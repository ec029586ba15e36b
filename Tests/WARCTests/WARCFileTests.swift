import Foundation
import Testing

@testable import WARC

/// Files of gzip members: written under a temporary name, rotated at a size, read back with damaged
/// places reported beside the good records.
@Suite struct WARCFileTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appending(path: "warc-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func info(_ name: String) -> WARCRecord {
        WARCRecord.make(
            .warcinfo, contentType: "application/warc-fields",
            block: WARCRecord.warcFields([WARCRecord.Field("software", "Icebox tests")]),
            extra: [WARCRecord.Field("WARC-Filename", name)])
    }

    static func resource(_ number: Int, size: Int = 10) -> WARCRecord {
        WARCRecord.make(
            .resource, targetURI: "https://example.social/api/v1/statuses/\(number)", contentType: "application/json",
            block: Data(repeating: UInt8(ascii: "a"), count: size))
    }

    static func writer(_ folder: URL, max: Int = 1 << 30) throws -> WARCWriter {
        try WARCWriter(directory: folder, maxFileBytes: max, naming: { "test-\($0).warc.gz" }, info: { Self.info($0) })
    }

    @Test func recordsWrittenAreReadBackByteForByteAfterTheirWarcinfo() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let writer = try Self.writer(folder)
        let records = (1...5).map { Self.resource($0) }
        try writer.write(Array(records[0..<2]))
        try writer.write(Array(records[2...]))
        let part = folder.appending(path: ".test-1.warc.gz.part")
        #expect(FileManager.default.fileExists(atPath: part.path), "an open file has its temporary name")
        let files = try writer.close()
        #expect(files.map(\.lastPathComponent) == ["test-1.warc.gz"])
        #expect(!FileManager.default.fileExists(atPath: part.path))
        let read = try WARCReader(file: files[0]).items().compactMap { item -> WARCRecord? in
            if case .record(let record, _) = item { return record }
            return nil
        }
        #expect(read.first?.kind == .warcinfo)
        #expect(read.first?["WARC-Filename"] == "test-1.warc.gz")
        #expect(read.dropFirst().map { $0.serialized() } == records.map { $0.serialized() })
    }

    @Test func aFileIsRotatedAtItsSizeAndEachStartsWithWarcinfo() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let writer = try Self.writer(folder, max: 600)
        for number in 1...6 { try writer.write([Self.resource(number, size: 300)]) }
        let files = try writer.close()
        #expect(files.count > 1)
        var resources = 0
        for file in files {
            let items = try WARCReader(file: file).items()
            guard case .record(let first, 0) = items.first else {
                Issue.record("\(file.lastPathComponent) does not start with a record")
                continue
            }
            #expect(first.kind == .warcinfo)
            for case .record(let record, _) in items where record.kind == .resource { resources += 1 }
        }
        #expect(resources == 6)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!names.contains { $0.hasSuffix(".part") })
    }

    @Test func aTruncatedMemberIsReportedAndTheRecordsBeforeItKept() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let writer = try Self.writer(folder)
        for number in 1...3 { try writer.write([Self.resource(number, size: 2000)]) }
        let file = try #require(try writer.close().first)
        let bytes = try Data(contentsOf: file)
        try bytes.dropLast(40).write(to: file)
        let items = try WARCReader(file: file).items()
        let records = items.filter { if case .record = $0 { true } else { false } }
        #expect(records.count == 3, "warcinfo and the first two resources")
        guard case .damaged(let problem) = items.last else {
            Issue.record("the cut member is not reported")
            return
        }
        #expect(problem.reason.contains("cut short"))
        #expect(problem.description.contains(file.path))
    }

    @Test func aRecordWithAWrongDigestIsNamedAndTheOthersKept() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var bad = Self.resource(2)
        bad.block = Data("tampered!!".utf8)
        let writer = try Self.writer(folder)
        try writer.write([Self.resource(1), bad, Self.resource(3)])
        let file = try #require(try writer.close().first)
        let items = try WARCReader(file: file).items()
        let problems = items.compactMap { item -> WARCReadProblem? in
            if case .damaged(let problem) = item { return problem }
            return nil
        }
        #expect(problems.count == 1)
        #expect(problems.first?.recordID == bad.recordID)
        #expect(problems.first?.reason.contains("WARC-Block-Digest") == true)
        #expect(items.count == 4)
    }

    @Test func aFileThatIsNotWARCIsRefused() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "notes.txt")
        try Data("hello".utf8).write(to: file)
        #expect(throws: WARCReadProblem.self) { try WARCReader(file: file) }
        let gzipOfText = folder.appending(path: "text.gz")
        try GzipMember.compress(Data("hello".utf8)).write(to: gzipOfText)
        let items = try WARCReader(file: gzipOfText).items()
        guard case .damaged(let problem) = items.first else {
            Issue.record("gzip of text read as a record")
            return
        }
        #expect(problem.reason.contains("WARC"))
    }

    /// A `watch --warc` and a cron `sync` may capture into the same folder: the second run's clean-up
    /// must not take the first one's open file from under it.
    @Test func aFileAnotherWriterHoldsIsNotALeftover() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let writer = try Self.writer(folder)
        try writer.write([Self.resource(1)])
        WARCWriter.removeLeftovers(in: folder)
        #expect(FileManager.default.fileExists(atPath: folder.appending(path: ".test-1.warc.gz.part").path))
        let files = try writer.close()
        #expect(files.map(\.lastPathComponent) == ["test-1.warc.gz"])
        let records = try WARCReader(file: files[0]).items().filter {
            if case .record = $0 { return true }
            return false
        }
        #expect(records.count == 2, "its warcinfo and its record")
    }

    @Test func leftoversOfAKilledWriterAreRemoved() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data().write(to: folder.appending(path: ".icebox-1.warc.gz.part"))
        try Data().write(to: folder.appending(path: "kept.warc.gz"))
        WARCWriter.removeLeftovers(in: folder)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["kept.warc.gz"])
    }
}
