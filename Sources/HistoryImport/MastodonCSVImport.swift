import ArchiveCore
import Foundation
import MediaFiles
import Models

/// `icebox import mastodon-export` of the CSVs of Mastodon's Import and export page (issue 44): a CSV
/// file, or every `*.csv` in a ZIP or folder (beside an account archive's JSON, as `icebox export
/// account` writes them). Each file's kind is recognised as Mastodon's import recognises it (see
/// ``MastodonCSVKind``); its rows become claims of that file (``RelationClaim``), kept apart from what a
/// server confirmed, and bookmarks.csv's posts bookmarks by uri. Read a record at a time, each bounded
/// in bytes, a file no larger than Mastodon's own import takes.
public struct MastodonCSVImport: Sendable {
    /// Limits on what a file may hold.
    public struct Limits: Sendable, Hashable {
        /// The largest CSV file: Mastodon's import page takes no more (`Form::Import::FILE_SIZE_LIMIT`).
        public var fileBytes: Int64 = 20 << 20
        /// The longest record (a line, with the line breaks inside its quotes).
        public var recordBytes = 64 << 10
        /// The most rows a file may hold: Mastodon's import takes no more (`Form::Import`'s
        /// `ROWS_PROCESSING_LIMIT`), and it bounds what a file of tiny rows holds in memory.
        public var rows = 20_000
        public init() {}
    }

    /// One CSV file as read: its kind, what it claims, and the rows it could not use.
    public struct FileClaims: Sendable {
        /// Its name as given (for a ZIP or folder, with the entry's path).
        public var name: String
        public var kind: MastodonCSVKind
        public var digest: String
        public var claims: [RelationClaim] = []
        public var bookmarks: [String] = []
        /// How many rows were passed over: a wrong number of columns, quotes that are wrong, a record
        /// past the byte bound, or values that are not what the column holds.
        public var skipped = 0
        /// The first few of them: line and why.
        public var skippedLines: [(line: Int, reason: String)] = []

        /// The rows read into claims or bookmarks.
        public var rows: Int { claims.count + bookmarks.count }
    }

    public let file: URL
    public var limits = Limits()

    public init(file: URL) { self.file = file }

    /// Whether `url` names a CSV file itself (rather than a ZIP or folder that may hold some).
    public static func isCSV(_ url: URL) -> Bool { url.pathExtension.lowercased() == "csv" }

    /// Reads the CSVs: the file itself, or each `*.csv` of the ZIP or folder. A file that is none of
    /// Mastodon's CSVs, or too large, is refused on its own (the others are read); a ZIP that cannot be
    /// read at all throws.
    public func read() throws(ImportError) -> (files: [FileClaims], refused: [ImportError]) {
        var files: [FileClaims] = []
        var refused: [ImportError] = []
        func take(_ result: Result<FileClaims, ImportError>) {
            switch result {
            case .success(let claims): files.append(claims)
            case .failure(let error): refused.append(error)
            }
        }
        if Self.isCSV(file) {
            guard let handle = try? FileHandle(forReadingFrom: file) else {
                throw .missing(file: file.path, reason: "no such file, or it cannot be read")
            }
            defer { try? handle.close() }
            let entry = ExportEntry(path: file.lastPathComponent, size: nil) { buffer throws(ImportError) in
                do {
                    guard let data = try handle.read(upToCount: buffer.count) else { return 0 }
                    return data.copyBytes(to: buffer)
                } catch {
                    throw .unreadable(file: file.path, entry: nil, reason: "\(error)")
                }
            }
            take(readOne(entry, name: file.lastPathComponent))
            return (files, refused)
        }
        let container = try ExportContainer(file)
        do {
            try container.forEachEntry(bounds: MastodonExportImport.Limits().inflation) { entry in
                guard entry.path.lowercased().hasSuffix(".csv") else { return }
                take(readOne(entry, name: "\(file.lastPathComponent):\(entry.path)"))
            }
        } catch {
            throw ImportError.wrapping(error)
        }
        return (files, refused)
    }

    /// Reads one CSV: recognised by its first record and name, then row by row.
    func readOne(_ entry: ExportEntry, name: String) -> Result<FileClaims, ImportError> {
        if let size = entry.size, size > limits.fileBytes {
            return .failure(.tooLarge(file: name, entry: entry.path, limit: limits.fileBytes))
        }
        var hasher = SHA256()
        var total: Int64 = 0
        let limit = limits.fileBytes
        var reader = CSVRecordReader(maxRecordBytes: limits.recordBytes) { buffer throws(ImportError) in
            let count = try entry.read(buffer)
            total += Int64(count)
            guard total <= limit else { throw .tooLarge(file: name, entry: entry.path, limit: limit) }
            hasher.update(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            return count
        }
        do {
            let fileName = (entry.path.split(separator: "/").last.map(String.init)) ?? entry.path
            // The first record says the kind: a header line, or a first row of a file named for its kind.
            // An empty file, or one whose first record cannot be read, is known by its name alone.
            let first = try reader.next()
            var fields: [String] = []
            if case .fields(let read, _) = first { fields = read }
            guard let (kind, columns, headed) = MastodonCSVKind.recognise(first: fields, name: fileName) else {
                return .failure(
                    .notThisFormat(file: name, reason: "one of Mastodon's CSVs: it has no " + MastodonCSVKind.expected))
            }
            var claims = FileClaims(name: name, kind: kind, digest: "")
            var pending: [(fields: [String], line: Int)] = []
            func skip(_ line: Int, _ reason: String) {
                claims.skipped += 1
                if claims.skippedLines.count < 10 { claims.skippedLines.append((line, reason)) }
            }
            func sort(_ record: CSVRecord) {
                switch record {
                case .oversized(let line): skip(line, "longer than \(ByteSize.text(Int64(limits.recordBytes)))")
                case .malformed(let line): skip(line, "quotes that are not CSV's, or bytes that are not UTF-8")
                case .fields(let fields, let line):
                    guard fields.count == columns.count else {
                        return skip(line, "\(fields.count) columns where the file has \(columns.count)")
                    }
                    pending.append((fields, line))
                }
            }
            if !headed, let first { sort(first) }
            // The digest is of every byte: the whole file is read before it is known.
            while let record = try reader.next() {
                sort(record)
                guard pending.count <= limits.rows else {
                    return .failure(
                        .malformed(
                            file: name, entry: entry.path,
                            reason: "more than \(limits.rows) rows: Mastodon's import takes no more"))
                }
            }
            claims.digest = hasher.hexDigest()
            for row in pending {
                switch MastodonCSVRow.read(
                    row.fields, columns: columns, kind: kind, file: name, digest: claims.digest, line: row.line)
                {
                case .claim(let claim): claims.claims.append(claim)
                case .bookmark(let uri): claims.bookmarks.append(uri)
                case .unusable(let reason): skip(row.line, reason)
                }
            }
            return .success(claims)
        } catch {
            return .failure(error)
        }
    }

    /// Stores each file's claims for the archiving account `account` (one transaction a file); gives how
    /// many claims and bookmarks each file added.
    public static func store(
        _ files: [FileClaims], into archive: any ArchiveStore, account: ArchivingAccount
    ) async throws(ImportError) -> [Int] {
        var added: [Int] = []
        for file in files {
            var claims = file.claims
            for index in claims.indices { claims[index].account = account.handle }
            do {
                added.append(
                    try await archive.storeRelationClaims(
                        claims, bookmarks: file.bookmarks, account: account.id, handle: account.handle,
                        file: file.name))
            } catch {
                throw .archive(error)
            }
        }
        return added
    }
}
