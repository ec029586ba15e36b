import ArchiveCore
import Foundation
import MediaFiles
import Models
import WARC

/// What an export is written as: a tarball (``TarballFormat``), or a WARC file.
public enum ExportContainer: Sendable, Hashable {
    case tarball
    /// A WARC/1.1 file of gzip members (issue 32): each status's JSON and each stored media file as a
    /// `resource` record, each status's provenance as a `metadata` record (docs/warc.md).
    case warc

    /// `.warc` for a file named `….warc.gz` or `….warc`, else `.tarball`.
    public init(fileName: String) {
        let name = fileName.lowercased()
        self = name.hasSuffix(".warc.gz") || name.hasSuffix(".warc") ? .warc : .tarball
    }
}

extension Exporter {
    /// Writes `document` as one WARC file: per status a `resource` record of its JSON as archived,
    /// under the status's API URL on its server, and a `metadata` record of where Icebox saw it; per
    /// stored media file a `resource` record of its bytes under the URL it was fetched from.
    func writeWARC(
        _ document: ExportDocument, to destination: ExportDestination, options: [String: String]
    ) throws(ExportError) -> ExportSummary {
        guard case .file(let file) = destination else {
            throw .io("a WARC export is written to a file: give -o NAME.warc.gz")
        }
        let (media, missing) = availableMedia(document)
        let stored = Set(media.values.map(\.sha256))
        let now = Date()
        let version = self.version
        let writer: WARCWriter
        do {
            writer = try WARCWriter(
                directory: file.deletingLastPathComponent(), maxFileBytes: .max,
                naming: { _ in file.lastPathComponent },
                info: { Self.exportInfo(fileName: $0, version: version, options: options, date: now) })
        } catch { throw .io("\(error)") }
        var written = Set<String>()
        do {
            for item in document.items {
                let status = Self.statusRecord(item.record, date: now)
                try writer.write([status, Self.provenanceRecord(item.record, refersTo: status, date: now)])
                for (url, file) in Self.mediaFiles(of: item) where stored.contains(file.sha256) {
                    guard written.insert(url + " " + file.sha256).inserted else { continue }
                    let bytes: Data
                    do { bytes = try Data(contentsOf: layout.file(sha256: file.sha256, ext: file.ext)) } catch {
                        throw ExportError.io("cannot read media file \(file.sha256): \(error.localizedDescription)")
                    }
                    try writer.write([
                        WARCRecord.make(
                            .resource, targetURI: url, date: now, contentType: file.mime, block: bytes,
                            extra: [WARCRecord.Field("WARC-Concurrent-To", status.recordID ?? "")])
                    ])
                }
            }
            try writer.close()
        } catch let error as WARCWriteError {
            throw .io(error.description)
        } catch let error as ExportError {
            throw error
        } catch {
            throw .io("\(error)")
        }
        return ExportSummary(
            path: file.path, folder: document.folder, format: .tarGz, statuses: document.items.count,
            mediaFiles: media.count, mediaMissing: missing,
            gone: document.items.filter { $0.record.goneAt != nil }.count,
            direct: document.restrictedCounts.direct, followersOnly: document.restrictedCounts.followersOnly,
            leftOut: document.leftOut)
    }

    /// The API URL of a status on its server (`https://host/api/v1/statuses/<id>`), or its uri when the
    /// archive knows no server id for it (an imported post).
    static func apiURL(_ record: ExportRecord) -> String {
        guard let id = record.localID, !record.server.isEmpty else { return record.uri }
        return "https://\(record.server)/api/v1/statuses/\(id)"
    }

    static func statusRecord(_ record: ExportRecord, date: Date) -> WARCRecord {
        WARCRecord.make(
            .resource, targetURI: apiURL(record), date: date, contentType: "application/json", block: record.raw,
            extra: [WARCRecord.Field("Icebox-Status-URI", record.uri)])
    }

    /// Where and when Icebox saw the status: its server, dates, sources (timelines, fetches, imports).
    static func provenanceRecord(_ record: ExportRecord, refersTo status: WARCRecord, date: Date) -> WARCRecord {
        var fields = [
            WARCRecord.Field("uri", record.uri), WARCRecord.Field("server", record.server),
            WARCRecord.Field("created-at", record.createdAt),
        ]
        if let editedAt = record.editedAt { fields.append(WARCRecord.Field("edited-at", editedAt)) }
        if let goneAt = record.goneAt { fields.append(WARCRecord.Field("gone-at", goneAt)) }
        // When this archive first stored the status and last stored a copy of it (sync, watch, import).
        if let firstSeenAt = record.firstSeenAt { fields.append(WARCRecord.Field("first-seen-at", firstSeenAt)) }
        if let updatedAt = record.updatedAt { fields.append(WARCRecord.Field("last-stored-at", updatedAt)) }
        for boost in record.boosts {
            fields.append(WARCRecord.Field("boosted-by", "\(boost.handle) \(boost.createdAt)"))
        }
        for source in record.sources {
            fields.append(WARCRecord.Field("seen-by-\(source.kind.rawValue)", source.detail))
        }
        return WARCRecord.make(
            .metadata, targetURI: apiURL(record), date: date, contentType: "application/warc-fields",
            block: WARCRecord.warcFields(fields),
            extra: [WARCRecord.Field("WARC-Refers-To", status.recordID ?? "")])
    }

    /// The stored files of a status with the URLs they were fetched from: attachments (original and
    /// preview), the author's avatar, custom emoji.
    static func mediaFiles(of item: ExportDocument.Item) -> [(String, ExportRecord.StoredFile)] {
        var files: [(String, ExportRecord.StoredFile)] = []
        for attachment in item.record.attachments where attachment.position < item.status.mediaAttachments.count {
            let described = item.status.mediaAttachments[attachment.position]
            if let url = described.url, let file = attachment.original { files.append((url, file)) }
            if let url = described.previewURL, let file = attachment.preview { files.append((url, file)) }
        }
        if let url = item.status.account.avatar, let file = item.record.avatar { files.append((url, file)) }
        for emoji in item.status.emojis {
            if let file = item.record.emoji[emoji.shortcode] { files.append((emoji.url, file)) }
        }
        return files
    }

    static func exportInfo(fileName: String, version: String, options: [String: String], date: Date) -> WARCRecord {
        var fields = [
            WARCRecord.Field("software", "Icebox/\(version)"), WARCRecord.Field("format", "WARC File Format 1.1"),
            WARCRecord.Field("conformsTo", "https://iso.org/standard/68004.html"),
            WARCRecord.Field(
                "description",
                "Exported from an Icebox archive: each status's JSON as the server sent it (resource records), "
                    + "its provenance (metadata records) and its stored media files (resource records)"),
        ]
        for (key, value) in options.sorted(by: { $0.key < $1.key }) {
            fields.append(WARCRecord.Field("icebox-\(key)", value))
        }
        return WARCRecord.make(
            .warcinfo, date: date, contentType: "application/warc-fields", block: WARCRecord.warcFields(fields),
            extra: [WARCRecord.Field("WARC-Filename", fileName)])
    }
}

extension ExportSummary {
    /// `Exported 3 statuses and 1 media file to out.warc.gz (WARC/1.1)`, with what ``sentence`` adds.
    public var warcSentence: String {
        sentence.replacingOccurrences(of: " (\(folder)/, \(format.rawValue))", with: " (WARC/1.1)")
    }
}
