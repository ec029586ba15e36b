import ArchiveCore
import Foundation
import MediaFiles

extension Exporter {
    /// One entry of the tarball, relative to its folder.
    enum Entry {
        case document(Data)
        case media(URL, size: Int64)
    }

    /// Checks the media, renders the documents and the manifest, and writes the tarball.
    func write(
        _ document: ExportDocument, to destination: ExportDestination, format requested: TarballFormat?,
        options: [String: String]
    ) throws(ExportError) -> ExportSummary {
        if container == .warc { return try writeWARC(document, to: destination, options: options) }
        let format =
            requested ?? {
                if case .file(let url) = destination { return TarballFormat(fileName: url.lastPathComponent) }
                return nil
            }() ?? .tarGz
        var document = document
        let (media, missing) = availableMedia(document)
        document.dropMedia(except: Set(media.keys))
        var entries: [String: Entry] = [
            "thread.json": .document(document.threadJSON()),
            "thread.md": .document(document.markdown(version: version)),
            "index.html": .document(document.html(version: version)),
        ]
        for (name, file) in media {
            entries[name] = .media(layout.file(sha256: file.sha256, ext: file.ext), size: file.size)
        }
        var recorded = options
        recorded["format"] = format.rawValue
        entries["manifest.json"] = .document(
            manifest(entries, media: media, options: recorded, statuses: document.items.count))
        let summary = ExportSummary(
            path: destination.path, folder: document.folder, format: format,
            statuses: document.items.count, mediaFiles: media.count, mediaMissing: missing,
            gone: document.items.filter { $0.record.goneAt != nil }.count,
            direct: document.restrictedCounts.direct,
            followersOnly: document.restrictedCounts.followersOnly, leftOut: document.leftOut)
        try Self.writeTarball(
            entries, folder: document.folder, mtime: document.timestamp, format: format, to: destination)
        return summary
    }

    /// The media files the documents reference that are on disk with the bytes their hash names.
    /// Missing or corrupt files are left out and logged.
    func availableMedia(_ document: ExportDocument) -> (files: [String: ExportRecord.StoredFile], missing: Int) {
        var available: [String: ExportRecord.StoredFile] = [:]
        var missing = 0
        for (name, file) in document.mediaFiles {
            let url = layout.file(sha256: file.sha256, ext: file.ext)
            guard let (digest, size) = try? SHA256.hex(fileAt: url), digest == file.sha256 else {
                missing += 1
                logger.warning(
                    "media file \(url.path) is missing or corrupt; left out (icebox media verify --repair restores it)")
                continue
            }
            var checked = file
            checked.size = size
            available[name] = checked
        }
        return (available, missing)
    }

    /// `manifest.json`: every other file with its size and SHA-256, the Icebox version and the options.
    private func manifest(
        _ entries: [String: Entry], media: [String: ExportRecord.StoredFile],
        options: [String: String], statuses: Int
    ) -> Data {
        var json = JSONWriter()
        json.beginObject()
        json.formatHeader()
        json.member("icebox_version", version)
        json.key("options")
        json.beginObject()
        for (key, value) in options.sorted(by: { $0.key < $1.key }) {
            json.member(key, value)
        }
        json.endObject()
        json.member("statuses", Int64(statuses))
        json.key("files")
        json.beginArray()
        for (name, entry) in entries.sorted(by: { $0.key < $1.key }) {
            json.beginObject()
            json.member("path", name)
            switch entry {
            case .document(let data):
                json.member("size", Int64(data.count))
                json.member("sha256", SHA256.hex(data))
            case .media:
                let file = media[name]
                json.member("size", file?.size ?? 0)
                json.member("sha256", file?.sha256)
            }
            json.endObject()
        }
        json.endArray()
        json.endObject()
        return json.data + Data("\n".utf8)
    }

    /// Writes the entries, sorted by name, under `folder/`; to a file through a temporary name in the
    /// same folder, renamed into place only once complete and flushed to disk.
    static func writeTarball(
        _ entries: [String: Entry], folder: String, mtime: Int, format: TarballFormat,
        to destination: ExportDestination
    ) throws(ExportError) {
        try TarballWriter.requireLibrary()
        try writing(to: destination) { (fd) throws(ExportError) in
            let writer = try TarballWriter(format: format, fileDescriptor: fd, mtime: mtime)
            try writer.addDirectory(folder)
            var madeMediaFolder = false
            for (name, entry) in entries.sorted(by: { $0.key < $1.key }) {
                if name.hasPrefix("media/"), !madeMediaFolder {
                    try writer.addDirectory("\(folder)/media")
                    madeMediaFolder = true
                }
                switch entry {
                case .document(let data): try writer.addFile("\(folder)/\(name)", data: data)
                case .media(let url, let size): try writer.addFile("\(folder)/\(name)", contentsOf: url, size: size)
                }
            }
            try writer.finish()
        }
    }

    /// Runs `body` with the destination's file descriptor: the file appears only when `body` returns
    /// (see `OutputFile`), and nothing is left when it throws.
    static func writing(to destination: ExportDestination, _ body: (Int32) throws(ExportError) -> Void)
        throws(ExportError)
    {
        let output: OutputFile
        switch destination {
        case .standardOutput: output = OutputFile(standardOutput: ())
        case .file(let url): output = try OutputFile(replacing: url)
        }
        do throws(ExportError) {
            try body(output.descriptor)
            try output.commit()
        } catch {
            output.abandon()
            throw error
        }
    }
}

extension ExportDestination {
    /// The path to report: the file's, or `-`.
    var path: String {
        switch self {
        case .file(let url): url.path
        case .standardOutput: "-"
        }
    }
}

extension ExportDocument {
    /// Forgets stored files not in `available`, so no document links to a file the tarball lacks.
    mutating func dropMedia(except available: Set<String>) {
        for index in items.indices {
            for position in items[index].record.attachments.indices {
                if let file = items[index].record.attachments[position].original, !available.contains(Self.entry(file))
                {
                    items[index].record.attachments[position].original = nil
                }
                if let file = items[index].record.attachments[position].preview, !available.contains(Self.entry(file)) {
                    items[index].record.attachments[position].preview = nil
                }
            }
            if let avatar = items[index].record.avatar, !available.contains(Self.entry(avatar)) {
                items[index].record.avatar = nil
            }
            items[index].record.emoji = items[index].record.emoji.filter { available.contains(Self.entry($0.value)) }
        }
    }
}
