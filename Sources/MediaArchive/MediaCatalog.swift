import ArchiveCore
import Foundation
import Models

/// What kind of file a URL holds.
public enum MediaKind: String, Sendable, Codable, CaseIterable {
    /// An attachment's file (image, gifv, video, audio).
    case original
    /// An attachment's preview image.
    case preview
    /// An author's avatar.
    case avatar
    /// An author's header image (issue 44: kept for each profile version).
    case header
    /// A custom emoji used in a status.
    case emoji
}

/// One thing to fetch: the URLs that hold it, best first (an attachment's `remote_url`, then `url`).
struct MediaJob: Sendable, Hashable {
    var kind: MediaKind
    var candidates: [String]
}

/// A stored file as the database records it.
struct StoredFile: Sendable, Hashable {
    var sha256: String
    var ext: String
    var size: Int64
}

/// The media archive's view of the store's catalogue (see `MediaCatalogue`): its jobs, files and
/// failures in the media archive's own types and errors. The records live in whichever store the archive
/// is in (SQLite or PostgreSQL), on that store's own connections.
struct MediaCatalog: Sendable {
    let store: any ArchiveStore

    private func catalogue<T>(_ body: () async throws(ArchiveError) -> T) async throws(MediaError) -> T {
        do { return try await body() } catch { throw .database(error.description) }
    }

    /// What is still missing, and how many things were left alone because they failed for good before.
    func pendingJobs(_ options: MediaOptions) async throws(MediaError) -> (jobs: [MediaJob], skipped: Int) {
        let pending = try await catalogue { () async throws(ArchiveError) in
            try await store.pendingMedia(
                previews: options.previews, avatars: options.avatars,
                retryFailed: options.retryFailed)
        }
        return (
            pending.jobs.map { MediaJob(kind: MediaKind(rawValue: $0.kind) ?? .original, candidates: $0.candidates) },
            pending.skipped
        )
    }

    /// The files other Iceboxes offer for URLs not stored yet, by URL.
    func offers() async throws(MediaError) -> [String: MediaOffer] {
        let offers = try await catalogue { () async throws(ArchiveError) in try await store.pendingMediaOffers() }
        return Dictionary(offers.map { ($0.url, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The extension already used for these bytes, so one hash is always one file name.
    func existingExtension(sha256: String) async throws(MediaError) -> String? {
        try await catalogue { () async throws(ArchiveError) in try await store.mediaExtension(sha256: sha256) }
    }

    /// Records a stored file as `url`'s: its server's own, or a `copy` (another Icebox's, which the URL's
    /// server is asked about once); true when the file was new to the archive.
    @discardableResult
    func recordStored(
        url: String, kind: MediaKind, sha256: String, size: Int64, mime: String, ext: String, copy: Bool = false
    ) async throws(MediaError) -> Bool {
        try await catalogue { () async throws(ArchiveError) in
            copy
                ? try await store.recordMediaOffered(
                    url: url, kind: kind.rawValue, sha256: sha256, size: size, mime: mime, ext: ext)
                : try await store.recordMediaStored(
                    url: url, kind: kind.rawValue, sha256: sha256, size: size, mime: mime, ext: ext)
        }
    }

    /// Records why a URL could not be stored: `failed` when permanent, `retry` otherwise.
    func recordFailure(url: String, kind: MediaKind, _ failure: MediaFailure) async throws(MediaError) {
        try await catalogue { () async throws(ArchiveError) in
            try await store.recordMediaFailure(
                url: url, kind: kind.rawValue, permanent: failure.isPermanent,
                reason: failure.description, httpStatus: failure.httpStatus)
        }
    }

    /// Links each profile version to the files of its avatar and header stored so far.
    func keepProfileImages() async throws(MediaError) {
        _ = try await catalogue { () async throws(ArchiveError) in try await store.keepProfileImages() }
    }

    /// Every file the store says is stored.
    func storedFiles() async throws(MediaError) -> [StoredFile] {
        try await catalogue { () async throws(ArchiveError) in try await store.storedMediaFiles() }
            .map { StoredFile(sha256: $0.sha256, ext: $0.ext, size: $0.size) }
    }

    /// The URLs a file was downloaded from (to download it again), with their kinds.
    func sources(sha256: String) async throws(MediaError) -> [(url: String, kind: MediaKind)] {
        try await catalogue { () async throws(ArchiveError) in try await store.mediaSources(sha256: sha256) }
            .map { ($0.url, MediaKind(rawValue: $0.kind) ?? .original) }
    }

    /// Notes that files were re-hashed and matched.
    func markVerified(_ sha256: [String]) async throws(MediaError) {
        try await catalogue { () async throws(ArchiveError) in try await store.markMediaVerified(sha256) }
    }

    /// Forgets URLs nothing refers to and returns the files nothing holds (see `MediaCatalogue`).
    func forgetUnreferenced(dryRun: Bool) async throws(MediaError) -> (forgotten: Int, unreferenced: [StoredFile]) {
        let result = try await catalogue { () async throws(ArchiveError) in
            try await store.forgetUnreferencedMedia(dryRun: dryRun)
        }
        return (result.forgotten, result.unreferenced.map { StoredFile(sha256: $0.sha256, ext: $0.ext, size: $0.size) })
    }
}
