import Foundation

/// A decoded status together with the exact bytes the server sent for it.
public struct ArchivableStatus: Sendable, Hashable {
    public var status: Status
    /// The status JSON, byte-for-byte as it appeared in the response.
    public var raw: Data
    /// For a boost: the boosted status's own bytes (a slice of `raw`).
    public var rawReblog: Data?

    public init(status: Status, raw: Data, rawReblog: Data?) {
        self.status = status
        self.raw = raw
        self.rawReblog = rawReblog
    }

    /// Decodes one status object, keeping its bytes.
    public init(decoding raw: Data) throws(StatusDecodingError) {
        do {
            status = try JSONDecoder().decode(Status.self, from: raw)
            rawReblog = status.reblog == nil ? nil : try RawJSON.value(forKey: "reblog", inObject: raw)
            self.raw = raw
        } catch let error as DecodingError {
            throw StatusDecodingError(index: nil, id: Self.peekID(raw), reason: error.readableDescription)
        } catch {
            throw StatusDecodingError(index: nil, id: Self.peekID(raw), reason: "\(error)")
        }
    }

    /// Decodes a JSON array of statuses (a timeline page), keeping each one's bytes.
    /// A status that does not decode fails the whole page, naming its position and id.
    public static func decodeArray(_ data: Data) throws(StatusDecodingError) -> [ArchivableStatus] {
        let elements: [Data]
        do {
            elements = try RawJSON.elements(ofArray: data)
        } catch {
            throw StatusDecodingError(index: nil, id: nil, reason: error.description)
        }
        // One parse for the whole page; only when that fails is each status decoded alone, to name it.
        if let statuses = try? JSONDecoder().decode([Status].self, from: data), statuses.count == elements.count {
            var result: [ArchivableStatus] = []
            result.reserveCapacity(elements.count)
            for (status, raw) in zip(statuses, elements) {
                let rawReblog = status.reblog == nil ? nil : try? RawJSON.value(forKey: "reblog", inObject: raw)
                result.append(ArchivableStatus(status: status, raw: raw, rawReblog: rawReblog))
            }
            return result
        }
        var result: [ArchivableStatus] = []
        for (index, element) in elements.enumerated() {
            do {
                result.append(try ArchivableStatus(decoding: element))
            } catch {
                throw StatusDecodingError(index: index, id: error.id, reason: error.reason)
            }
        }
        return result
    }

    private static func peekID(_ raw: Data) -> String? {
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
