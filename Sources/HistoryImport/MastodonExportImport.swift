import ArchiveCore
import Foundation
import MediaFiles
import Models

/// `icebox import mastodon-export`: the archive Mastodon lets every user download (Settings → Import
/// and export → Request your archive), as a ZIP (or the older tar.gz) or unpacked in a folder.
///
/// Read twice without unpacking: a first pass checks every entry's name and declared size and reads
/// `actor.json`; the second, inside one archive transaction, stores the media files, every `Create` of
/// `outbox.json` as a status of the account (streamed element by element), every `Announce` as a boost
/// by uri, and `likes.json` / `bookmarks.json` as favourites and bookmarks by uri. The import is
/// atomic: on any error nothing of it stays in the archive (and the media files it placed are removed).
public struct MastodonExportImport: Sendable {
    /// Limits on what the file may hold.
    public struct Limits: Sendable, Hashable {
        /// The largest media file accepted (a larger one refuses the import).
        public var mediaBytes: Int64 = 1 << 30
        /// The largest single activity in outbox.json.
        public var elementBytes = 64 << 20
        /// The largest actor.json.
        public var actorBytes = 4 << 20
        /// The bytes all entries of a ZIP or tarball may inflate to together (declared, and as read).
        public var totalBytes: Int64 = 256 << 30
        /// How many times its compressed size an entry may inflate to (deflate reaches about a thousand
        /// on one repeated byte; JSON and media stay well under a hundred).
        public var inflationRatio: Int64 = 100
        /// The uncompressed bytes below which an entry's ratio is not looked at.
        public var inflationFloor: Int64 = 8 << 20

        /// The bounds on inflating a ZIP's or tarball's entries.
        var inflation: InflationBounds {
            InflationBounds(totalBytes: totalBytes, ratio: inflationRatio, ratioFloor: inflationFloor)
        }

        public init() {}
    }

    public let file: URL
    public let media: MediaLayout
    public var limits = Limits()
    /// Statuses stored per batch inside the transaction.
    public var batchSize = 500
    /// How many walks store the media files beside the statuses (0: in turn with them); `nil` chooses by
    /// the processors and the media's size (see ``ExportPass/mediaWalks(mediaBytes:outboxBytes:processors:)``).
    public var mediaWalks: Int?

    public init(file: URL, media: MediaLayout) {
        self.file = file
        self.media = media
    }

    /// Imports the file into `archive`; `progress` is told how far it has come now and then.
    public func run(
        into archive: any ArchiveStore,
        progress: @escaping @Sendable (ImportProgress) -> Void = { _ in }
    ) async throws(ImportError) -> ImportReport {
        let container = try ExportContainer(file)
        let survey: ExportSurvey
        do { survey = try ExportSurvey(container, limits: limits) } catch let error as ImportError { throw error } catch
        {
            throw .unreadable(file: container.name, entry: nil, reason: "\(error)")
        }
        let actor: ExportActor
        switch ExportActor.parse(survey.actor) {
        case .success(let found): actor = found
        case .failure(let failure):
            throw .malformed(file: container.name, entry: survey.base + "actor.json", reason: failure.reason)
        }
        let ledger = ImportLedger()
        let account = try? MappedStatus.encoder.encode(actor.apiAccount)
        ledger.update {
            $0.account = actor.handle
            $0.accountJSON = account
        }
        let source = ImportSource(
            format: "mastodon-export", file: file.lastPathComponent, server: actor.server,
            account: actor.handle)
        let pass = ExportPass(
            container: container, survey: survey, mapper: ActivityMapper(actor: actor), media: media,
            limits: limits, batchSize: batchSize, mediaWalks: mediaWalks, ledger: ledger,
            progress: progress)
        do {
            try await archive.importAtomically(source) { sink in try pass.run(sink) }
        } catch {
            ledger.removePlacedFiles(from: media)
            throw ImportError.wrapping(error)
        }
        // Apart from the import's transaction: should it fail, the boosts stay references, and the next
        // import or --resolve makes them.
        do {
            let boosts = try await BoostRows.store(
                account: actor.handle, actorAccount: account, source: source, into: archive)
            ledger.update { $0.boosts = boosts.new }
        } catch {
            throw ImportError.wrapping(error)
        }
        return ledger.current
    }
}

/// The first pass: every entry's name checked, media sizes checked, `actor.json` read, `outbox.json`
/// found (at the top, or in the one folder the ZIP was made of).
struct ExportSurvey: Sendable {
    /// The folder inside the container holding outbox.json (`""` or `name/`).
    var base: String
    var actor: Data
    /// The size of outbox.json, when the container declares it.
    var outboxSize: Int64?
    /// The declared sizes of the media files, added up.
    var mediaBytes: Int64 = 0

    init(_ container: ExportContainer, limits: MastodonExportImport.Limits) throws {
        var outboxes: [(String, Int64?)] = []
        var actors: [String: Data] = [:]
        var media: Int64 = 0
        var declared: Int64 = 0
        try container.forEachEntry(bounds: limits.inflation) { entry in
            declared += entry.size ?? 0
            guard declared <= limits.totalBytes else {
                throw ImportError.inflates(
                    file: container.name, entry: entry.path,
                    reason: "brings the declared sizes "
                        + "past the \(ByteSize.text(limits.totalBytes)) a file may inflate to")
            }
            let name = entry.path.split(separator: "/").last.map(String.init) ?? entry.path
            if name == "outbox.json" { outboxes.append((entry.path, entry.size)) }
            if entry.path.contains("media_attachments/"), let size = entry.size {
                guard size <= limits.mediaBytes else {
                    throw ImportError.tooLarge(file: container.name, entry: entry.path, limit: limits.mediaBytes)
                }
                media += size
            }
            if name == "actor.json" {
                actors[entry.path] = try EntryBytes.read(entry, limit: Int64(limits.actorBytes), file: container.name)
            }
        }
        guard let outbox = outboxes.min(by: { $0.0.count < $1.0.count }) else {
            throw ImportError.notThisFormat(file: container.name, reason: "a Mastodon export: it has no outbox.json")
        }
        base = String(outbox.0.dropLast("outbox.json".count))
        outboxSize = outbox.1
        mediaBytes = media
        guard let actor = actors[base + "actor.json"] else {
            throw ImportError.notThisFormat(
                file: container.name, reason: "a Mastodon export: it has no actor.json beside \(outbox.0)")
        }
        self.actor = actor
    }
}

/// Reading a small entry whole.
enum EntryBytes {
    static func read(_ entry: ExportEntry, limit: Int64, file: String) throws(ImportError) -> Data {
        var data = Data()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = try entry.read(buffer)
            if count == 0 { return data }
            guard Int64(data.count + count) <= limit else {
                throw .tooLarge(file: file, entry: entry.path, limit: limit)
            }
            data.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
    }
}
