import Foundation
import Models

/// What a file may do to the archive: the rule both stores' import sinks follow, written once.
///
/// A file is anybody's word. It adds posts the archive does not hold; it never replaces a copy a server
/// sent (a sync's or a fetch's), nor a post another account's file brought; a later version of a post
/// of the file's own account (from that account's own file) is kept as an edit, the earlier one among
/// the versions. A file that names the same post as the archive holds is recorded as one of its
/// sources, and changes nothing else. A post the same import wrote earlier is the file's own word: a
/// later edit of it in the file is kept as the edit (the earlier one among the versions), whoever's it is.
///
/// What a file brings stays visible as the file's: `from:me`, an author's listing and `export account`
/// hold a file's posts of the user's own account (an import of one's own export is how an archive gets
/// its past), and listings mark a copy only a file vouches for (``SearchHit/fromFile``) until a server's
/// copy of the same uri replaces it. A file's object is exported as the post's only while the file's
/// copy is the one shown (``ProvenanceStatements/source``).
package enum ImportClaims {
    /// What the archive holds of a uri a file names.
    package struct Held: Sendable, Hashable {
        /// Who sent the copy shown (``CopyAuthority/imported``: a file).
        package var authority: CopyAuthority
        /// `user@host` of its author.
        package var authorHandle: String
        /// Whether the import now running wrote the copy shown (see ``ImportWrittenStatements``).
        package var writtenByThisImport: Bool

        package init(authority: CopyAuthority, authorHandle: String, writtenByThisImport: Bool = false) {
            self.authority = authority
            self.authorHandle = authorHandle
            self.writtenByThisImport = writtenByThisImport
        }
    }

    /// What becomes of one row a file names.
    package enum Verdict: Sendable, Hashable {
        /// Stored: new to the archive, or the file's own account's post again (a later edit is kept as one).
        case write
        /// The archive's copy stays as it is; the file is recorded as a source of it.
        case sourceOnly
        /// Another account's post: the file's copy is left out, and counted.
        case refuse
    }

    /// The verdict on `status` (a row of `source`) when the archive holds `held` for its uri.
    package static func verdict(on status: Status, held: Held?, source: ImportSource) -> Verdict {
        guard let held else { return .write }
        // The file's own earlier word on the post (a WARC captures a post as often as a sync saw it): the
        // store keeps the later edit of the two, as it does for a server's copies.
        if held.writtenByThisImport { return .write }
        guard held.authority == .imported else { return .sourceOnly }
        let author = status.account.fullHandle(servedBy: source.server)
        guard author.caseInsensitiveCompare(held.authorHandle) == .orderedSame else { return .refuse }
        guard let own = source.account, own.caseInsensitiveCompare(author) == .orderedSame else { return .sourceOnly }
        return .write
    }

    /// One status of a batch as the store writes it: the rows it may write (the post it boosts, then
    /// itself; see ``ImportedStatus/pageRows(server:writingAuthorOf:)``), whether its file is recorded as
    /// its source, and whether it was refused.
    package struct Plan: Sendable {
        package var rows: [PageRow]
        package var recordsSource: Bool
        package var refused: Bool
    }

    /// The plan for each status of a batch, given what the archive holds of the batch's uris
    /// (``uris(of:)``), keyed by uri.
    package static func plans(
        _ statuses: [ImportedStatus], authors: [Set<Bool>]?, held: [String: Held],
        source: ImportSource
    ) -> [Plan] {
        statuses.enumerated().map { index, item in
            let rows = item.pageRows(server: source.server, writingAuthorOf: authors?[index])
            let own = verdict(on: item.status.status, held: held[item.status.status.archiveURI], source: source)
            let kept = rows.filter { row in
                row.status.archiveURI == item.status.status.archiveURI
                    ? own == .write
                    : verdict(on: row.status, held: held[row.status.archiveURI], source: source) == .write
            }
            return Plan(rows: kept, recordsSource: own != .refuse, refused: own == .refuse)
        }
    }

    /// Every uri a batch's rows are stored under (a boost's and the post it boosts).
    package static func uris(of statuses: [ImportedStatus]) -> [String] {
        statuses.flatMap { item in
            [item.status.status.reblog?.archiveURI, item.status.status.archiveURI].compactMap { $0 }
        }
    }
}
