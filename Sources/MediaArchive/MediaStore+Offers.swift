import ArchiveCore
import Foundation
import Logging
import MediaFiles

/// Files another Icebox offers for the media of statuses it served (issue 45, ``MediaOffer``).
extension MediaStore {
    /// Stores the URL of `offer` from the file the mirror names: the archive's own file of that hash
    /// when it has one (nothing is downloaded), else the mirror's, whose bytes must hash as it said.
    /// Either way the URL's file is recorded as a copy, which its own server is asked about once (a
    /// mirror is no URL's server). False when neither stands: the job's URLs are then asked as usual.
    func storeOffered(
        _ offer: MediaOffer, kind: MediaKind, downloader: MediaDownloader, pacer: HostPacer, options: MediaOptions,
        into report: inout MediaReport
    ) async throws(MediaError) -> Bool {
        if let kept = offer.kept,
            FileManager.default.fileExists(atPath: layout.file(sha256: offer.sha256, ext: kept.ext).path)
        {
            try await catalog.recordStored(
                url: offer.url, kind: kind, sha256: offer.sha256, size: kept.size, mime: kept.mime, ext: kept.ext,
                copy: true)
            report.stored += 1
            return true
        }
        let file: DownloadedFile
        switch await download(offer.address, downloader: downloader, pacer: pacer, options: options) {
        case .success(let downloaded): file = downloaded
        case .failure(let failure):
            logger.info(
                "another Icebox's file not fetched; asking the URL's own server",
                metadata: ["url": "\(offer.url)", "reason": "\(failure)"])
            return false
        }
        guard file.sha256 == offer.sha256 else {
            try? FileManager.default.removeItem(at: file.temporary)
            logger.warning(
                "another Icebox's file is not the one it named; asking the URL's own server",
                metadata: ["url": "\(offer.url)", "named": "\(offer.sha256)", "received": "\(file.sha256)"])
            return false
        }
        if let failure = try await keep(file, as: offer.url, kind: kind, copy: true, into: &report) {
            logger.info("another Icebox's file not stored", metadata: ["url": "\(offer.url)", "reason": "\(failure)"])
            return false
        }
        return true
    }
}
