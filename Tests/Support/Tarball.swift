import Foundation

/// What an export tarball holds, unpacked with the system's `tar` (independently of Icebox's writer).
public enum Tarball {
    /// The parsed `thread.json` of the tarball at `file` (any format `tar` reads: .tar, .tar.gz, .tar.zst).
    public static func threadJSON(_ file: URL) async throws -> [String: Any] {
        let folder = try TemporaryDirectory("icebox-untar")
        let result = try await CommandRunner.run(
            URL(fileURLWithPath: "/usr/bin/tar"), ["-xaf", file.path, "-C", folder.path])
        guard result.status == 0 else { throw Unreadable(description: "tar -x \(file.path): \(result.stderr)") }
        let found = FileManager.default.enumerator(at: folder.url, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.first { $0.lastPathComponent == "thread.json" }
        guard let found else { throw Unreadable(description: "\(file.path) has no thread.json") }
        return try JSONSerialization.jsonObject(with: Data(contentsOf: found)) as? [String: Any] ?? [:]
    }

    /// The `uri` of every status in a `thread.json`, in document order: a thread's tree depth first, or a
    /// set's list.
    public static func uris(_ document: [String: Any]) -> [String] {
        func walk(_ node: [String: Any]) -> [String] {
            [node["uri"] as? String].compactMap { $0 } + (node["replies"] as? [[String: Any]] ?? []).flatMap(walk)
        }
        if let thread = document["thread"] as? [String: Any] { return walk(thread) }
        return (document["statuses"] as? [[String: Any]] ?? []).flatMap(walk)
    }

    public struct Unreadable: Error, CustomStringConvertible {
        public var description: String
    }
}
