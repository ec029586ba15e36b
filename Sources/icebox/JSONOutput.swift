import Foundation

/// The one shape of every `--json`, `--jsonl` and `--csv` output: snake_case keys, sorted; every
/// field of a record present, an absent value as `null`; dates in ISO 8601 UTC.
enum JSONOutput {
    /// `value` as JSON objects, arrays and scalars (`NSNull` for absent values).
    static func object<T: Encodable>(_ value: T) throws -> Any {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .custom { path in Key((path.last?.stringValue ?? "").snakeCased) }
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(value)
        return fillingNulls(try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed), from: value)
    }

    /// Pretty, key-sorted JSON, for `--json`.
    static func pretty<T: Encodable>(_ value: T) throws -> Data {
        try JSONSerialization.data(withJSONObject: object(value),
                                   options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
    }

    /// One compact line, for `--jsonl`.
    static func line<T: Encodable>(_ value: T) throws -> Data {
        try JSONSerialization.data(withJSONObject: object(value), options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
    }

    /// Adds `null` for each stored optional property that the encoder left out because it was nil,
    /// walking the value beside its JSON.
    private static func fillingNulls(_ json: Any, from value: Any) -> Any {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.map { fillingNulls(json, from: $0.value) } ?? json
        case .collection, .set:
            guard let array = json as? [Any], array.count == mirror.children.count else { return json }
            return zip(array, mirror.children).map { fillingNulls($0, from: $1.value) }
        case .struct, .class:
            guard var object = json as? [String: Any] else { return json }
            for child in mirror.children {
                guard let key = child.label?.snakeCased else { continue }
                if let present = object[key] {
                    object[key] = fillingNulls(present, from: child.value)
                } else if isNil(child.value) {
                    object[key] = NSNull()
                }
            }
            return object
        default:
            return json
        }
    }

    private static func isNil(_ value: Any) -> Bool {
        let mirror = Mirror(reflecting: value)
        return mirror.displayStyle == .optional && mirror.children.isEmpty
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

extension String {
    /// `backfillComplete` → `backfill_complete`, `remoteID` → `remote_id`, `created_at` unchanged.
    var snakeCased: String {
        var out = ""
        let characters = Array(self)
        for (index, character) in characters.enumerated() {
            if character.isUppercase, index > 0 {
                let previous = characters[index - 1]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && next?.isLowercase == true) {
                    out.append("_")
                }
            }
            out += character.lowercased()
        }
        return out
    }
}
