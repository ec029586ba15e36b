import ArchiveCore
import Foundation
import MediaFiles

extension StoredMedia {
    /// Stores one media file of an import as `read` yields its bytes (hashed as they are written, never
    /// held whole), refused past `limit` while it is read, and counts it. An `ImportError` of `read`
    /// (a bound passed while inflating) comes out as it is, not as a failed source.
    static func store(
        url: String, file: String, entry: String, layout: MediaLayout, limit: Int64, ledger: ImportLedger,
        read: (UnsafeMutableRawBufferPointer) throws -> Int
    ) throws(ImportError) -> StoredMedia {
        let stored: StreamedFile
        var failure: ImportError?
        do throws(StreamedFileError) {
            stored = try layout.storeStream(limit: limit) { (buffer) throws -> Int in
                do { return try read(buffer) } catch let error as ImportError {
                    failure = error
                    throw error
                }
            }
        } catch {
            if let failure { throw failure }
            switch error {
            case .tooLarge(let limit): throw .tooLarge(file: file, entry: entry, limit: limit)
            case .storage(let reason): throw .media(file: file, entry: entry, reason: reason)
            case .source(let reason): throw .unreadable(file: file, entry: entry, reason: reason)
            }
        }
        if stored.placedNew { ledger.placedFile(sha256: stored.sha256, ext: stored.ext, in: layout) }
        ledger.update {
            $0.mediaFiles += 1
            $0.mediaBytes += stored.size
            if stored.placedNew { $0.mediaFilesNew += 1 }
        }
        return StoredMedia(
            media: ImportedMedia(
                url: url, sha256: stored.sha256, size: stored.size, mime: stored.mime, ext: stored.ext),
            placedNew: stored.placedNew)
    }
}
