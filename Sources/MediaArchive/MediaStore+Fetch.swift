import Foundation
import Logging
import MediaFiles

/// Downloading what is missing.
extension MediaStore {
    /// Downloads every attachment (and, as asked, preview, avatar and emoji) not stored yet, with
    /// `options.concurrency` downloads at once, each host paced, transient failures retried with
    /// backoff. Never throws for a bad file: each failure is recorded with its reason and reported.
    public func fetch(
        _ options: MediaOptions,
        progress: @escaping @Sendable (MediaProgress) -> Void = { _ in }
    ) async throws(MediaError)
        -> MediaReport
    {
        let started = ContinuousClock.now
        let options = try await trustingArchivedServers(options)
        var report = MediaReport()
        try layout.checkTemporary()
        report.cleanedTemporary = layout.cleanTemporary()
        let (jobs, skipped) = try await catalog.pendingJobs(options)
        let offers = jobs.isEmpty ? [:] : try await catalog.offers()
        report.wanted = jobs.count + skipped
        report.skippedFailed = skipped
        if !jobs.isEmpty {
            logger.info(
                "fetching media", metadata: ["files": "\(jobs.count)", "concurrency": "\(options.concurrency)"])
        }
        let queue = JobQueue(jobs)
        let pacer = HostPacer(options: options)
        let total = jobs.count
        let outcome: Result<MediaReport, MediaError> = await withTaskGroup(of: Result<MediaReport, MediaError>.self) {
            group in
            for _ in 0..<max(1, min(options.concurrency, jobs.count)) {
                group.addTask {
                    let downloader = MediaDownloader(layout: layout, options: options)
                    var part = MediaReport()
                    do throws(MediaError) {
                        while let job = await queue.next() {
                            let before = part.bytes
                            var stored = false
                            if let offered = job.candidates.lazy.compactMap({ offers[$0] }).first {
                                stored = try await storeOffered(
                                    offered, kind: job.kind, downloader: downloader, pacer: pacer, options: options,
                                    into: &part)
                            }
                            if !stored {
                                try await run(job, downloader: downloader, pacer: pacer, options: options, into: &part)
                            }
                            let (done, bytes) = await queue.finish(bytes: part.bytes - before)
                            progress(MediaProgress(done: done, total: total, bytes: bytes))
                        }
                    } catch {
                        return .failure(error)
                    }
                    return .success(part)
                }
            }
            var merged = MediaReport()
            for await part in group {
                switch part {
                case .success(let part): merged.merge(part)
                case .failure(let error):
                    group.cancelAll()
                    return .failure(error)
                }
            }
            return .success(merged)
        }
        report.merge(try outcome.get())
        // Each profile version keeps the files of its avatar and header (those of this fetch and before).
        try await catalog.keepProfileImages()
        report.seconds = (ContinuousClock.now - started).seconds
        return report
    }

    /// Tries a job's URLs in order until one is stored; records every outcome.
    private func run(
        _ job: MediaJob, downloader: MediaDownloader, pacer: HostPacer, options: MediaOptions,
        into report: inout MediaReport
    ) async throws(MediaError) {
        var last: (url: String, failure: MediaFailure)?
        for url in job.candidates {
            switch await download(url, downloader: downloader, pacer: pacer, options: options) {
            case .success(let file):
                if let failure = try await keep(file, as: url, kind: job.kind, into: &report) {
                    try await catalog.recordFailure(url: url, kind: job.kind, failure)
                    last = (url, failure)
                    continue
                }
                return
            case .failure(let failure):
                try await catalog.recordFailure(url: url, kind: job.kind, failure)
                logger.info("media not stored", metadata: ["url": "\(url)", "reason": "\(failure)"])
                last = (url, failure)
            }
        }
        guard let last else { return }
        if last.failure.isPermanent { report.failed += 1 } else { report.deferred += 1 }
        if report.failures.count < 100 {
            report.failures.append(
                .init(
                    url: last.url, kind: job.kind, reason: last.failure.description,
                    permanent: last.failure.isPermanent))
        }
    }

    /// Places a downloaded file under its hash (with the extension its bytes already have, if stored
    /// before) and records it as `url`'s, its server's own or a `copy`, counted in `report`; the failure
    /// when it could not be placed.
    func keep(
        _ file: DownloadedFile, as url: String, kind: MediaKind, copy: Bool = false, into report: inout MediaReport
    ) async throws(MediaError) -> MediaFailure? {
        let ext = try await catalog.existingExtension(sha256: file.sha256) ?? file.ext
        do {
            _ = try layout.place(file.temporary, sha256: file.sha256, ext: ext)
        } catch {
            return .storage(error.reason)
        }
        if try await catalog.recordStored(
            url: url, kind: kind, sha256: file.sha256, size: file.size, mime: file.mime, ext: ext, copy: copy)
        {
            report.newFiles += 1
        }
        report.stored += 1
        report.bytes += file.size
        return nil
    }

    /// One URL, paced, with retries and backoff for failures that may pass.
    func download(
        _ text: String, downloader: MediaDownloader, pacer: HostPacer,
        options: MediaOptions
    ) async -> Result<DownloadedFile, MediaFailure> {
        guard let url = URL(string: text) else { return .failure(.refusedURL("not a URL: \(text)")) }
        var attempt = 1
        while true {
            do throws(MediaFailure) {
                try downloader.check(url)
                try await pacer.wait(for: url)
                return .success(try await downloader.download(url))
            } catch {
                guard error.isRetryableNow, attempt < options.attempts, !Task.isCancelled else {
                    return .failure(error)
                }
                let ceiling = options.backoff.seconds * pow(2, Double(attempt - 1))
                let delay = Duration.milliseconds(Int64(ceiling * Double.random(in: 0.5...1.0) * 1000))
                if error.httpStatus == 429 { await pacer.pause(for: url, delay) }
                logger.debug(
                    "retrying media", metadata: ["url": "\(text)", "reason": "\(error)", "attempt": "\(attempt)"])
                try? await Task.sleep(for: delay)
                attempt += 1
            }
        }
    }
}

/// The jobs of one fetch, handed out one at a time to the workers.
actor JobQueue {
    private var jobs: [MediaJob]
    private var index = 0
    private var finished = 0
    private var bytes: Int64 = 0

    init(_ jobs: [MediaJob]) { self.jobs = jobs }

    func next() -> MediaJob? {
        guard index < jobs.count else { return nil }
        defer { index += 1 }
        return jobs[index]
    }

    /// Counts a finished job; returns how many are done and the bytes downloaded so far.
    func finish(bytes added: Int64) -> (Int, Int64) {
        finished += 1
        bytes += added
        return (finished, bytes)
    }
}

extension MediaReport {
    mutating func merge(_ other: MediaReport) {
        stored += other.stored
        newFiles += other.newFiles
        bytes += other.bytes
        failed += other.failed
        deferred += other.deferred
        failures += other.failures.prefix(max(0, 100 - failures.count))
    }
}
