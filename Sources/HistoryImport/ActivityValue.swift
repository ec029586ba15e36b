import Foundation

/// ActivityPub values that come in several shapes, decoded leniently: a value of another shape than
/// the one expected reads as absent, never as an error (one odd field does not cost a post).
enum ActivityValue {
    /// A link given as a string, a Link object (`href`, else `url`) or an array of either: the first.
    struct Link: Decodable {
        var value: String?

        init(from decoder: any Decoder) {
            if let text = try? decoder.singleValueContainer().decode(String.self) {
                value = text
            } else if let object = try? decoder.container(keyedBy: LinkKey.self) {
                value = object.loose(String.self, .href) ?? object.loose(String.self, .url)
            } else if var list = try? decoder.unkeyedContainer() {
                while !list.isAtEnd, value == nil {
                    guard let link = try? list.decode(Link.self) else { break }
                    value = link.value
                }
            }
        }

        private enum LinkKey: String, CodingKey { case href, url }
    }

    /// An addressing field (`to`, `cc`): a string or an array of strings (other elements left out).
    struct Addresses: Decodable {
        var values: [String] = []

        init() {}

        init(from decoder: any Decoder) {
            if let text = try? decoder.singleValueContainer().decode(String.self) {
                values = [text]
            } else if var list = try? decoder.unkeyedContainer() {
                while !list.isAtEnd {
                    guard let element = try? list.decode(Loose<String>.self) else { break }
                    if let text = element.value { values.append(text) }
                }
            }
        }
    }

    /// An array field that may be one object: the objects it holds (other elements left out).
    struct Objects<Element: Decodable>: Decodable {
        var values: [Element] = []

        init() {}

        init(from decoder: any Decoder) {
            if var list = try? decoder.unkeyedContainer() {
                while !list.isAtEnd {
                    guard let element = try? list.decode(Loose<Element>.self) else { break }
                    if let value = element.value { values.append(value) }
                }
            } else if let object = try? Element(from: decoder) {
                values = [object]
            }
        }
    }

    /// A value of the type, or `nil` when it is of another shape.
    struct Loose<Value: Decodable>: Decodable {
        var value: Value?

        init(from decoder: any Decoder) {
            value = try? Value(from: decoder)
        }
    }

    /// A JSON object's member names, for reading maps such as `contentMap`.
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

extension KeyedDecodingContainer {
    /// The value under `key` when it has the type; `nil` when it is missing, `null` or of another shape.
    func loose<T: Decodable>(_ type: T.Type, _ key: Key) -> T? {
        (try? decodeIfPresent(type, forKey: key)) ?? nil
    }

    /// A whole number as JSONSerialization's `as? Int` reads one: an integral number, or a boolean as 1 or 0.
    func whole(_ key: Key) -> Int? {
        if let number = loose(Int.self, key) { return number }
        return loose(Bool.self, key).map { $0 ? 1 : 0 }
    }

    /// A boolean as JSONSerialization's `as? Bool` reads one: `true`/`false`, or the numbers 1 and 0.
    func boolean(_ key: Key) -> Bool? {
        if let flag = loose(Bool.self, key) { return flag }
        switch loose(Int.self, key) {
        case 0: return false
        case 1: return true
        default: return nil
        }
    }

    /// A link (see ``ActivityValue/Link``).
    func link(_ key: Key) -> String? {
        loose(ActivityValue.Link.self, key)?.value
    }

    /// An array field that may be one object.
    func objects<T: Decodable>(_ type: T.Type, _ key: Key) -> [T] {
        loose(ActivityValue.Objects<T>.self, key)?.values ?? []
    }

    /// An addressing field.
    func addresses(_ key: Key) -> [String] {
        loose(ActivityValue.Addresses.self, key)?.values ?? []
    }
}
