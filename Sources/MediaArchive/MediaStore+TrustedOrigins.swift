import Foundation
import Transport

extension MediaStore {
    /// `options` with the servers of the pinned timelines added to the trusted origins: the statuses
    /// come from them, so their own media is fetched even from loopback (test servers).
    func trustingArchivedServers(_ options: MediaOptions) async throws(MediaError) -> MediaOptions {
        var options = options
        do {
            options.trustedOrigins += try await archive.timelines().compactMap { try? ServerAddress($0.server).url }
        } catch {
            throw .database(error.description)
        }
        return options
    }
}
