import Foundation

/// Loads real status payloads from a folder, keeping each status's bytes exactly as in its file.
///
/// A file counts when it holds one status object or an array of statuses. Files whose names mention
/// `response-with-headers`, `context`, `account`, `instance`, `history` or `notifications` are skipped.
enum FixtureLoader {
    static let skipped = ["response-with-headers", "context", "account", "instance", "history", "notifications"]

    static func load(directory: URL) throws -> [FixtureStatus] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".json") }
            .filter { name in !skipped.contains { name.contains($0) } }
            .sorted()
        var out: [FixtureStatus] = []
        for name in names {
            let data = try Data(contentsOf: directory.appendingPathComponent(name))
            let trimmed = trim(Array(data))
            let pieces: [[UInt8]] = trimmed.first == UInt8(ascii: "[") ? elements(ofArray: trimmed) : [trimmed]
            for piece in pieces {
                // Any object with an id (a string, or a number as Mastodon 1.x sent): broken statuses are
                // served too, as real servers send them.
                guard let object = try? JSONSerialization.jsonObject(with: Data(piece)) as? [String: Any],
                    let id = (object["id"] as? String) ?? (object["id"] as? NSNumber)?.stringValue
                else { continue }
                out.append(FixtureStatus(id: id, bytes: Data(piece), file: name))
            }
        }
        return out
    }

    static func trim(_ bytes: [UInt8]) -> [UInt8] {
        let space: Set<UInt8> = [0x20, 0x0A, 0x0D, 0x09]
        guard let first = bytes.firstIndex(where: { !space.contains($0) }),
            let last = bytes.lastIndex(where: { !space.contains($0) })
        else { return [] }
        return Array(bytes[first...last])
    }

    /// The exact bytes of each top-level element of a JSON array (surrounding whitespace trimmed).
    static func elements(ofArray bytes: [UInt8]) -> [[UInt8]] {
        var out: [[UInt8]] = []
        var depth = 0
        var inString = false
        var escaped = false
        var start = 1
        for (i, byte) in bytes.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { append(bytes[start..<i], to: &out) }
            case UInt8(ascii: ",") where depth == 1:
                append(bytes[start..<i], to: &out)
                start = i + 1
            default: break
            }
        }
        return out
    }

    private static func append(_ slice: ArraySlice<UInt8>, to out: inout [[UInt8]]) {
        let piece = trim(Array(slice))
        if !piece.isEmpty { out.append(piece) }
    }
}
