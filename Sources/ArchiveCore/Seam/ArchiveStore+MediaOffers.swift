import Foundation
import Models

/// Files another Icebox offers for the media URLs of statuses it served (issue 45,
/// `schema/0033_mirrors.sql`), written once over the store's ``StoreExecutor``: kept in the
/// transaction of the page that brought them (``TransactionPlan/keepWhole(_:timelineID:dialect:)``), read by a
/// media fetch, and what it stores from them recorded as a copy the URL's own server is asked about
/// once.
extension ArchiveStore {
    /// The offers for URLs no file is stored for yet.
    public func pendingMediaOffers() async throws(ArchiveError) -> [MediaOffer] {
        try await executor.fetch(SQLStatement(MediaStatements.pendingOffers)) { row in
            let ext = try row.optionalText("ext")
            return MediaOffer(
                url: try row.text("url"), sha256: try row.text("sha256"), address: try row.text("address"),
                kept: try ext.map {
                    MediaOffer.Kept(ext: $0, size: try row.integer("size"), mime: try row.text("mime"))
                })
        }
    }

    /// Records that `url`'s file is the one of hash `sha256`, as a mirror offered it: a copy (the URL's
    /// server is asked about it once), never replacing a file the server gave. True when the file was new
    /// to the catalogue.
    @discardableResult
    public func recordMediaOffered(
        url: String, kind: String, sha256: String, size: Int64, mime: String, ext: String
    ) async throws(ArchiveError) -> Bool {
        try await executor.run(
            .mediaStored(
                url: url, kind: kind, sha256: sha256, size: size, mime: mime, ext: ext,
                now: Timestamp.string(Date()), fromFile: true))
    }
}

/// A file another Icebox offers for a media URL.
public struct MediaOffer: Sendable, Hashable {
    /// The status's media URL the file is for.
    public var url: String
    /// The file's hash, as the mirror said.
    public var sha256: String
    /// Where the mirror gives the file out.
    public var address: String
    /// The archive's own file of that hash, when it has one already.
    public var kept: Kept?

    /// A file of the catalogue: its name's extension, size and type.
    public struct Kept: Sendable, Hashable {
        public var ext: String
        public var size: Int64
        public var mime: String
    }

    public init(url: String, sha256: String, address: String, kept: Kept?) {
        self.url = url
        self.sha256 = sha256
        self.address = address
        self.kept = kept
    }
}

extension SQLStatement {
    /// The statements that keep the files a mirror (`offeredBy`, `host[:port]`) offers for a page's media.
    static func keeping(_ files: [MirroredFile], offeredBy server: String, now: SQLArgument) -> [SQLStatement] {
        files.map { file in
            SQLStatement(
                MediaStatements.keepOffer, .text(file.url), .text(file.sha256), .text(file.address), .text(server),
                now)
        }
    }
}
