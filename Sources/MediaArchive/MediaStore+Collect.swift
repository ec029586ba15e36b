import Foundation
import MediaFiles

/// What garbage collection removed (or, in a dry run, would remove).
public struct CollectReport: Sendable, Codable, Hashable {
    /// Records of URLs no status, author or emoji refers to any more.
    public var downloadsForgotten = 0
    /// Stored files nothing refers to any more.
    public var filesRemoved = 0
    /// Files on disk the database does not know (an interrupted run's, or foreign ones).
    public var strayFilesRemoved = 0
    /// Leftovers of interrupted downloads.
    public var temporaryRemoved = 0
    public var bytesFreed: Int64 = 0
    public var dryRun = false

    public init() {}
}

extension MediaStore {
    /// Removes files no archived status (or author, or emoji) refers to, the records of URLs nothing
    /// refers to, and files on disk the database does not know. `dryRun` only counts.
    public func collectGarbage(dryRun: Bool) async throws(MediaError) -> CollectReport {
        var report = CollectReport()
        report.dryRun = dryRun
        let (forgotten, unreferenced) = try await catalog.forgetUnreferenced(dryRun: dryRun)
        report.downloadsForgotten = forgotten
        for file in unreferenced {
            let url = layout.file(sha256: file.sha256, ext: file.ext)
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            report.filesRemoved += 1
            report.bytesFreed += file.size
            if !dryRun { try? FileManager.default.removeItem(at: url) }
        }
        let known = Set(try await catalog.storedFiles().map { "\($0.sha256).\($0.ext)" })
        let removed = Set(unreferenced.map { "\($0.sha256).\($0.ext)" })
        for found in layout.storedFiles() {
            let name = "\(found.sha256).\(found.ext)"
            guard found.sha256.isEmpty || (!known.contains(name) && !removed.contains(name)) else { continue }
            report.strayFilesRemoved += 1
            report.bytesFreed += Int64((try? found.url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0)
            if !dryRun { try? FileManager.default.removeItem(at: found.url) }
        }
        let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: layout.temporary.path)) ?? []
        report.temporaryRemoved = leftovers.count
        if !dryRun { layout.cleanTemporary() }
        return report
    }
}
