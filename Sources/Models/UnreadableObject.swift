import Foundation

/// An object a server sent that could not be read at all (a notification without an id or type, a
/// conversation without an id): it is kept with its bytes on the unreadable list.
public struct UnreadableObject: Error, Hashable, Sendable, CustomStringConvertible {
    /// What it is: `notification`, `conversation`.
    public var kind: String
    public var reason: String
    public var description: String { "\(kind) could not be read: \(reason)" }

    /// `raw` read as `T`, the few fields an object of `kind` is kept by; any failure is this error,
    /// naming the field.
    static func decoding<T: Decodable>(_ type: T.Type, kind: String, from raw: Data) throws(UnreadableObject) -> T {
        do {
            return try JSONDecoder().decode(type, from: raw)
        } catch let error as DecodingError {
            throw UnreadableObject(kind: kind, reason: error.readableDescription)
        } catch {
            throw UnreadableObject(kind: kind, reason: "\(error)")
        }
    }
}
