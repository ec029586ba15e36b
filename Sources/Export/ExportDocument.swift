import ArchiveCore
import Foundation
import MediaFiles
import Models

/// What an export holds, before it is rendered: the statuses in order, with their place in the tree,
/// and the media files they reference.
struct ExportDocument {
    /// A thread (a tree around one status) or a flat set (search results, a timeline).
    enum Kind {
        /// `focus`: the index of the status asked about; `rootIsReply`: the first status replies to
        /// one the archive does not hold.
        case thread(focus: Int, rootIsReply: Bool)
        case set(kind: String, title: String)
    }

    /// One status of the export.
    struct Item {
        var record: ExportRecord
        /// The decoded post (never a boost wrapper).
        var status: Status
        var depth: Int
        /// The index in `items` of the status this one replies to, within the export.
        var parent: Int?
        /// The author's `user@host`.
        var handle: String { status.account.fullHandle(servedBy: record.server) }
    }

    var kind: Kind
    /// The folder every entry is in: built only from ids and hashes.
    var folder: String
    var items: [Item]
    /// Posts left out because they were not public (`--public-only`): counted, never named.
    var leftOut = 0
    /// Whether each article links to its thread (`statuses/<number>`, relative to the page's base): on
    /// `icebox serve`'s pages, never in an export, whose page stands alone.
    var linksThreads = false

    /// The media entries' names (`media/<sha256>.<ext>`) and the files they come from, each once:
    /// attachments, previews, avatars and the custom emoji pictures.
    var mediaFiles: [String: ExportRecord.StoredFile] {
        var files: [String: ExportRecord.StoredFile] = [:]
        for item in items {
            for attachment in item.record.attachments {
                for file in [attachment.original, attachment.preview].compactMap({ $0 }) {
                    files[Self.entry(file)] = file
                }
            }
            if let avatar = item.record.avatar { files[Self.entry(avatar)] = avatar }
            for file in item.record.emoji.values where Self.shown(file, as: .image) != nil {
                files[Self.entry(file)] = file
            }
        }
        return files
    }

    /// The newest moment any exported status was created or edited: the time every entry carries, so
    /// the same statuses always give the same tarball.
    var timestamp: Int {
        let dates = items.flatMap { [$0.status.createdAt, $0.status.editedAt].compactMap { $0 } }
        return Int((dates.max() ?? Date(timeIntervalSince1970: 0)).timeIntervalSince1970.rounded(.down))
    }

    /// A page title: `Thread by @alice@example.social`, or the set's title.
    var title: String {
        switch kind {
        case .thread: "Thread by @\(items.first?.handle ?? "")"
        case .set(_, let title): title
        }
    }

    /// The entry name of a stored file: its hash and its extension when that is on the allow-list of
    /// passive image, video and audio formats (`MediaFileKind`), else `bin`. So no server-supplied text
    /// reaches a path, and a file an older Icebox stored as `.svg` or `.html` is exported as `.bin`.
    static func entry(_ file: ExportRecord.StoredFile) -> String {
        let ext = file.ext.lowercased()
        let safeExt = MediaFileKind(extension: ext) != nil ? ext : MediaFileKind.neutralExtension
        return "media/\(file.sha256).\(safeExt)"
    }

    /// The file, if its extension says it is this kind of media (and so may be shown as one); `nil` for
    /// anything else (an SVG, a page, unknown bytes), which is never shown as a picture, video or sound.
    static func shown(_ file: ExportRecord.StoredFile?, as kind: MediaFileKind) -> ExportRecord.StoredFile? {
        guard let file, MediaFileKind(extension: file.ext) == kind else { return nil }
        return file
    }

    /// Whether `text` may stand in an entry name: 1 to 64 ASCII letters, digits, `-` or `_`.
    static func isSafeName(_ text: String) -> Bool {
        (1...64).contains(text.count)
            && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }

    /// `5 statuses from 2026-03-01 to 2026-03-04, exported from an Icebox 0.1.0 archive.`; `nil` when empty.
    func summary(version: String) -> String? {
        let dates = items.map(\.status.createdAt).sorted()
        guard let first = dates.first, let last = dates.last else { return nil }
        return "\(items.count) status\(items.count == 1 ? "" : "es") from \(Self.day(first)) to \(Self.day(last)), "
            + "exported from an Icebox \(version) archive."
    }

    /// Whether `url` is an `http(s)` link, the only kind an export links to.
    static func isWebLink(_ url: String) -> Bool { url.isWebLink }

    /// A sentence for a thread whose real start is not archived, else `nil`.
    var incompleteNote: String? {
        guard case .thread(_, true) = kind else { return nil }
        return "The conversation starts earlier: the first status here replies to one the archive does not hold "
            + "(icebox export thread --fetch may complete it)."
    }

    /// The indices of each item's replies within the export, in order.
    var children: [Int: [Int]] {
        var children: [Int: [Int]] = [:]
        for (index, item) in items.enumerated() {
            if let parent = item.parent { children[parent, default: []].append(index) }
        }
        return children
    }
}
