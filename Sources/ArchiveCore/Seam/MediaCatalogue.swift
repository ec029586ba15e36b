import Foundation

/// Something the media archive still has to fetch: the URLs that hold it, best first.
public struct PendingMedia: Sendable, Hashable {
    /// `original`, `preview`, `avatar` or `emoji`.
    public var kind: String
    public var candidates: [String]

    public init(kind: String, candidates: [String]) {
        self.kind = kind
        self.candidates = candidates
    }
}

/// A file the media catalogue records as stored. Decodes from a row of `media_files` on either store.
public struct CataloguedFile: Sendable, Hashable, Decodable {
    public var sha256: String
    public var ext: String
    public var size: Int64

    public init(sha256: String, ext: String, size: Int64) {
        self.sha256 = sha256
        self.ext = ext
        self.size = size
    }
}

/// The media archive's records, kept in the store beside the statuses they belong to (the files
/// themselves are content-addressed in a folder: `MediaArchive`'s `MediaLayout`). Part of the store seam.
public protocol MediaCatalogue: Sendable {
    /// What is still missing (`previews`/`avatars` include those kinds; `retryFailed` tries again the
    /// URLs that failed for good), and how many things were left alone because every URL failed before.
    func pendingMedia(previews: Bool, avatars: Bool, retryFailed: Bool) async throws(ArchiveError)
        -> (jobs: [PendingMedia], skipped: Int)
    /// The extension already used for these bytes, so one hash is always one file name.
    func mediaExtension(sha256: String) async throws(ArchiveError) -> String?
    /// Records a stored file and the URL it came from; true when the file was new to the archive.
    @discardableResult
    func recordMediaStored(
        url: String, kind: String, sha256: String, size: Int64, mime: String,
        ext: String
    ) async throws(ArchiveError) -> Bool
    /// Records why a URL could not be stored: for good (`permanent`), or to retry.
    func recordMediaFailure(
        url: String, kind: String, permanent: Bool, reason: String,
        httpStatus: Int?) async throws(ArchiveError)
    /// Every file recorded as stored, by hash.
    func storedMediaFiles() async throws(ArchiveError) -> [CataloguedFile]
    /// The URLs a file was downloaded from, newest first, with their kinds.
    func mediaSources(sha256: String) async throws(ArchiveError) -> [(url: String, kind: String)]
    /// Notes that files were re-hashed and matched.
    func markMediaVerified(_ sha256: [String]) async throws(ArchiveError)
    /// The stored file a URL was downloaded as.
    func mediaFile(forURL url: String) async throws(ArchiveError) -> CataloguedFile?
    /// Forgets the URLs nothing archived refers to any more and returns the files no stored URL holds
    /// (removed from the catalogue unless `dryRun`; the caller removes them from disk).
    func forgetUnreferencedMedia(dryRun: Bool) async throws(ArchiveError) -> (
        forgotten: Int, unreferenced: [CataloguedFile]
    )
}
