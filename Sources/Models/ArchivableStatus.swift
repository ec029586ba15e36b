import Foundation

/// A decoded status together with the exact bytes the server sent for it.
public struct ArchivableStatus: Sendable, Hashable {
    public var status: Status
    /// The status JSON, byte-for-byte as it appeared in the response.
    public var raw: Data
    /// For a boost: the boosted status's own bytes (a slice of `raw`).
    public var rawReblog: Data?
    /// The files another Icebox that served the status says it keeps for its media URLs (and for those
    /// of the post it boosts); empty for a status from a server (``MirrorExtension``).
    public var mirroredMedia: [MirroredFile] = []
    /// Whether another Icebox served it with its archived bytes (``MirrorExtension``): that server is then
    /// no server of the user's, whose word counts for posts it does not own.
    public var servedByMirror = false
    /// The posts (the status, and the post it boosts) that Icebox held as deleted, with when it learned
    /// it (``MirrorExtension/goneAt``).
    public var mirroredTombstones: [MirroredTombstone] = []

    public init(status: Status, raw: Data, rawReblog: Data?) {
        self.status = status
        self.raw = raw
        self.rawReblog = rawReblog
    }

    /// Decodes one status object, keeping its bytes.
    ///
    /// - Parameter server: the host (with port) that served it, for the fallback key of a status that
    ///   has no `uri` (see ``StatusIdentity``).
    public init(decoding raw: Data, servedBy server: String? = nil) throws(StatusDecodingError) {
        do {
            status = try Self.decoder(servedBy: server).decode(Status.self, from: raw)
            rawReblog = status.reblog == nil ? nil : try RawJSON.value(forKey: "reblog", inObject: raw)
            self.raw = raw
        } catch let error as DecodingError {
            throw StatusDecodingError(index: nil, id: Self.peekID(raw), reason: error.readableDescription)
        } catch {
            throw StatusDecodingError(index: nil, id: Self.peekID(raw), reason: "\(error)")
        }
    }

    /// Decodes a JSON array of statuses (a timeline page), keeping each one's bytes. A status that does
    /// not decode is returned among the unreadable ones with its bytes; only an array that cannot be
    /// split (not an array, cut short) throws.
    public static func decodePage(_ data: Data, servedBy server: String? = nil) throws(RawJSON.Malformed)
        -> DecodedStatuses
    {
        let elements = try RawJSON.elements(ofArray: data)
        return decode(elements, document: data, servedBy: server)
    }

    /// Decodes statuses already split out of their document, isolating the ones that cannot be read.
    /// `document`, when given, is the array the elements were split from, decoded in one pass. The
    /// page's first and last ids are those of its first and last element, readable or not.
    public static func decode(_ elements: [Data], document: Data? = nil, servedBy server: String?)
        -> DecodedStatuses
    {
        if isMirrored(elements, document: document) { return decodeMirrored(elements, servedBy: server) }
        var page = DecodedStatuses(served: elements.count)
        let decoder = decoder(servedBy: server)
        // One parse for the whole page; only when that fails is each status decoded alone.
        if !elements.isEmpty, let statuses = try? decoder.decode([Status].self, from: document ?? joined(elements)),
            statuses.count == elements.count
        {
            page.items.reserveCapacity(elements.count)
            for (status, raw) in zip(statuses, elements) {
                let rawReblog = status.reblog == nil ? nil : try? RawJSON.value(forKey: "reblog", inObject: raw)
                page.items.append(ArchivableStatus(status: status, raw: raw, rawReblog: rawReblog))
            }
            page.firstID = statuses.first?.id
            page.lastID = statuses.last?.id
            return page
        }
        return decodeEach(elements) { element throws(StatusDecodingError) in
            try ArchivableStatus(decoding: element, servedBy: server)
        }
    }

    /// Each element decoded alone by `decode`; one that fails is unreadable with its bytes and reason.
    static func decodeEach(
        _ elements: [Data], _ decode: (Data) throws(StatusDecodingError) -> ArchivableStatus
    ) -> DecodedStatuses {
        var page = DecodedStatuses(served: elements.count)
        for element in elements {
            do {
                page.items.append(try decode(element))
            } catch {
                page.unreadable.append(UnreadableStatus(raw: element, id: error.id, reason: error.reason))
            }
        }
        page.firstID = elements.first.flatMap(peekID)
        page.lastID = elements.last.flatMap(peekID)
        return page
    }

    static func decoder(servedBy server: String?) -> JSONDecoder {
        let decoder = JSONDecoder()
        if let server { decoder.userInfo[StatusIdentity.servedByKey] = server }
        return decoder
    }

    /// Elements back into one array, to decode a page in one pass.
    private static func joined(_ elements: [Data]) -> Data {
        var data = Data(capacity: elements.reduce(2) { $0 + $1.count + 1 })
        data.append(UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
            if index > 0 { data.append(UInt8(ascii: ",")) }
            data.append(element)
        }
        data.append(UInt8(ascii: "]"))
        return data
    }

    /// The `id` of a JSON object, string or number, without decoding the rest.
    public static func peekID(_ raw: Data) -> String? {
        guard let value = try? RawJSON.value(forKey: "id", inObject: raw) else { return nil }
        return String(decoding: value, as: UTF8.self).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
    }
}

/// A status the server sent that Icebox cannot read.
public struct StatusDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Position in the page, when it came from an array.
    public var index: Int?
    /// The status id, when it could be found.
    public var id: String?
    public var reason: String

    public var description: String {
        var subject = "status"
        if let index { subject += " #\(index + 1)" }
        if let id { subject += " (id \(id))" }
        return "\(subject) could not be read: \(reason)"
    }
}

extension DecodingError {
    /// One line naming the field (`account.created_at`) and what was wrong with it.
    public var readableDescription: String {
        func path(_ codingPath: [any CodingKey]) -> String {
            let text = codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
                .joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
            return text.isEmpty ? "the document" : text
        }
        switch self {
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)): expected \(type)"
        case .valueNotFound(_, let context):
            return "\(path(context.codingPath)): missing value"
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])): missing"
        case .dataCorrupted(let context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(self)"
        }
    }
}
