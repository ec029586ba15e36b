import Archive
import ArchiveCore
import Foundation
import Importer
import Logging
import MastodonAPI
import MastodonTestServer
import Transport

/// An archive of everything a test server serves alice, built by a real sync: her account enrolled with
/// `test-token`, her home, the local and federated timelines and the fixtures' hashtag pinned, every
/// timeline backfilled to its end (media not downloaded).
public enum AliceArchive {
    /// Builds the archive in `folder` (`archive.sqlite` and `credentials.json`) and returns it open;
    /// `alsoPinning` adds timelines (`bookmarks`, `favourites`…) to the four.
    public static func sync(
        from server: TestServer, into folder: URL, logger: Logger,
        alsoPinning extra: [String] = []
    ) async throws -> ArchiveDatabase {
        let archive = try ArchiveDatabase(path: folder.appending(path: "archive.sqlite"), logger: logger)
        let credentials = CredentialStore(file: folder.appending(path: "credentials.json"), logger: logger)
        let alice = try await AccountEnrollment(archive: archive, credentials: credentials, logger: logger)
            .add(server: try ServerAddress(server.baseURL.absoluteString), token: "test-token")
        for spec in ["home", "local", "federated", "tag:fixtures@\(server.baseURL.absoluteString)"] + extra {
            let pinning = try TimelinePinning(specText: spec, account: nil, accounts: [alice])
            _ = try await archive.addTimeline(spec: pinning.spec, accountID: pinning.accountID, server: pinning.server)
        }
        var options = SyncOptions()
        options.backfillPages = 1000
        _ = try await Synchronizer(archive: archive, credentials: credentials.load(), options: options, logger: logger)
            .run()
        return archive
    }
}
