import Foundation
import Logging
import MediaFiles
import Models

/// What `verify` found.
public struct VerifyReport: Sendable, Codable, Hashable {
    /// A stored file that is missing or whose bytes no longer match its hash.
    public struct Problem: Sendable, Codable, Hashable {
        public enum Kind: String, Sendable, Codable { case missing, corrupt }
        public var kind: Kind
        public var sha256: String
        public var path: String
        /// Set when `--repair` downloaded the file again and it matched.
        public var repaired: Bool
        /// Why a repair did not work.
        @EncodedAsNull public var repairFailure: String? = nil
    }

    /// Files checked.
    public var checked = 0
    /// Of which sound.
    public var ok = 0
    /// Bytes re-hashed.
    public var bytes: Int64 = 0
    public var problems: [Problem] = []
    public var seconds: Double = 0

    /// Problems still present after any repair.
    public var unresolved: Int { problems.filter { !$0.repaired }.count }

    public init() {}
}

extension MediaStore {
    /// Re-hashes every stored file (or, with `sample`, that many picked at random); reports the missing
    /// and the corrupt. With `repair`, downloads them again from the URLs they came from and puts them
    /// back when the bytes match the recorded hash.
    public func verify(repair: Bool, sample: Int? = nil, options: MediaOptions = MediaOptions())
        async throws(MediaError)
        -> VerifyReport
    {
        let started = ContinuousClock.now
        var report = VerifyReport()
        let stored = try await catalog.storedFiles()
        let files = sample.map { Array(stored.shuffled().prefix($0)) } ?? stored
        var sound: [String] = []
        for file in files {
            report.checked += 1
            let url = layout.file(sha256: file.sha256, ext: file.ext)
            var kind: VerifyReport.Problem.Kind?
            if !FileManager.default.fileExists(atPath: url.path) {
                kind = .missing
            } else if let (digest, size) = try? SHA256.hex(fileAt: url) {
                report.bytes += size
                if digest != file.sha256 { kind = .corrupt }
            } else {
                kind = .corrupt
            }
            guard let kind else {
                report.ok += 1
                sound.append(file.sha256)
                continue
            }
            logger.info("media file \(kind.rawValue)", metadata: ["path": "\(url.path)"])
            report.problems.append(.init(kind: kind, sha256: file.sha256, path: url.path, repaired: false))
        }
        try await catalog.markVerified(sound)
        if repair, !report.problems.isEmpty {
            layout.cleanTemporary()
            let options = try await trustingArchivedServers(options)
            let downloader = MediaDownloader(layout: layout, options: options)
            let pacer = HostPacer(options: options)
            for index in report.problems.indices {
                let problem = report.problems[index]
                let failure = try await restore(problem, downloader: downloader, pacer: pacer, options: options)
                report.problems[index].repaired = failure == nil
                report.problems[index].repairFailure = failure
            }
            try await catalog.markVerified(report.problems.filter(\.repaired).map(\.sha256))
        }
        report.seconds = (ContinuousClock.now - started).seconds
        return report
    }

    /// Downloads a file again from its sources; nil when it is back in place, else why not.
    private func restore(
        _ problem: VerifyReport.Problem, downloader: MediaDownloader, pacer: HostPacer,
        options: MediaOptions
    ) async throws(MediaError) -> String? {
        let sources = try await catalog.sources(sha256: problem.sha256)
        guard !sources.isEmpty else { return "no URL is known for it" }
        var reasons: [String] = []
        for source in sources {
            switch await download(source.url, downloader: downloader, pacer: pacer, options: options) {
            case .success(let file) where file.sha256 == problem.sha256:
                let ext = URL(fileURLWithPath: problem.path).pathExtension
                do {
                    _ = try layout.place(file.temporary, sha256: file.sha256, ext: ext)
                    return nil
                } catch {
                    reasons.append(error.description)
                }
            case .success(let file):
                try? FileManager.default.removeItem(at: file.temporary)
                reasons.append("\(source.url) now serves different bytes")
            case .failure(let failure):
                reasons.append("\(source.url): \(failure)")
            }
        }
        return reasons.joined(separator: "; ")
    }
}
