import ArchiveCore
import Foundation

extension IceboxHome {
    /// Takes the media lock, held by whatever places or removes media files (a download, a repair, an
    /// import, gc) so that no two of them run at once; another holder throws `SyncLock.Held` at once
    /// unless `wait`, which waits until it is free.
    func takeMediaLock(wait: Bool = false) async throws -> SyncLock {
        try await SyncLock(path: mediaLock, wait: wait, purpose: "media download")
    }
}
