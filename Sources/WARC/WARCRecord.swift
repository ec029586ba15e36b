import Foundation

/// One WARC/1.1 record (ISO 28500): its named fields in the order written, and its block.
///
/// The fields are kept as a list, not a dictionary: a record read back is written again byte for byte.
public struct WARCRecord: Sendable, Hashable {
    /// The record types Icebox writes and reads (`WARC-Type`).
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case warcinfo, request, response, resource, metadata, conversion, revisit, continuation
    }

    /// One named field (`Name: value`).
    public struct Field: Sendable, Hashable {
        public var name: String
        public var value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The version line's version (`WARC/1.1`).
    public var version: String
    public var fields: [Field]
    /// The content block: exactly `Content-Length` bytes.
    public var block: Data

    public init(version: String = "WARC/1.1", fields: [Field], block: Data) {
        self.version = version
        self.fields = fields
        self.block = block
    }

    /// The first field of this name, compared without case, as WARC names are.
    public subscript(_ name: String) -> String? {
        fields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// `WARC-Type`, when it is one Icebox knows.
    public var kind: Kind? { self["WARC-Type"].flatMap { Kind(rawValue: $0.lowercased()) } }

    /// `Content-Length`: how many bytes the block has (`nil` when missing or not a number).
    public var contentLength: Int64? {
        guard let text = self["Content-Length"], let length = Int64(text), length >= 0 else { return nil }
        return length
    }

    /// `WARC-Record-ID` (`<urn:uuid:…>`).
    public var recordID: String? { self["WARC-Record-ID"] }

    /// `WARC-Target-URI`, without the angle brackets some writers (WARC/1.0 era) put around it.
    public var targetURI: String? {
        guard let uri = self["WARC-Target-URI"] else { return nil }
        if uri.hasPrefix("<"), uri.hasSuffix(">") { return String(uri.dropFirst().dropLast()) }
        return uri
    }
}
