import Foundation

/// A held media file from a row of ``ImportMediaStatements/held``, on either store (its flags are integers:
/// 1 or 0).
extension HeldMedia: RowDecodable {
    enum Column: String, CodingKey {
        case seq, url, sha256, ext, size, mime, named
        case placedNew = "placed_new"
        case bytesNamed = "bytes_named"
    }

    package init(row: some Decoder) throws {
        let cells = try row.container(keyedBy: Column.self)
        func flag(_ column: Column) throws -> Bool { try cells.decode(Int64.self, forKey: column) != 0 }
        self.init(
            position: try cells.decode(Int64.self, forKey: .seq),
            media: ImportedMedia(
                url: try cells.decode(String.self, forKey: .url),
                sha256: try cells.decode(String.self, forKey: .sha256),
                size: try cells.decode(Int64.self, forKey: .size), mime: try cells.decode(String.self, forKey: .mime),
                ext: try cells.decode(String.self, forKey: .ext)),
            placedNew: try flag(.placedNew), named: try flag(.named), bytesNamed: try flag(.bytesNamed))
    }
}
