import Foundation

/// Streaming one file through `JSONArrayStream`, in 1 MiB pieces.
enum FileItems {
    /// Hands over each element of the array under `key` with its number (from 1). A missing array is
    /// an error only when `required`.
    static func forEach(
        in file: URL, key: String, maxElementBytes: Int, required: Bool,
        _ each: (Data, Int) throws -> Void
    ) throws {
        var index = 0
        try stream(file, target: .key(key), maxElementBytes: maxElementBytes, required: required) { element in
            index += 1
            try each(element, index)
        }
    }

    /// Hands over the value under `key`, when there is one.
    static func value(in file: URL, key: String, maxBytes: Int, _ each: (Data) throws -> Void) throws {
        try stream(file, target: .member(key), maxElementBytes: maxBytes, required: false, each)
    }

    private static func stream(
        _ file: URL, target: JSONArrayStream.Target, maxElementBytes: Int, required: Bool,
        _ each: (Data) throws -> Void
    ) throws {
        let handle: FileHandle
        do { handle = try FileHandle(forReadingFrom: file) } catch {
            throw ImportError.missing(file: file.path, reason: error.localizedDescription)
        }
        defer { try? handle.close() }
        var splitter = JSONArrayStream(target: target, maxElementBytes: maxElementBytes)
        do {
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                try splitter.feed(chunk, each)
            }
            if required || splitter.foundArray { try splitter.finish() }
        } catch let error as JSONArrayStream.Malformed {
            throw ImportError.malformed(file: file.path, entry: entryName(target), reason: error.description)
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError.unreadable(file: file.path, entry: entryName(target), reason: "\(error)")
        }
    }

    private static func entryName(_ target: JSONArrayStream.Target) -> String {
        switch target {
        case .document: "the document"
        case .key(let key), .member(let key): "\"\(key)\""
        }
    }
}
