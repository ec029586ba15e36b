import Foundation

/// The repository's `Fixtures/` folder: real payloads from real servers.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Fixtures")

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appending(path: name))
    }

    static var allJSONFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
    }

    /// The body of a `*.response-with-headers.*.json` recording.
    static func recordedBody(_ name: String) throws -> (body: Data, headers: [String: String]) {
        let object = try JSONSerialization.jsonObject(with: data(name)) as? [String: Any]
        let response = object?["response"] as? [String: Any]
        let body = response?["body"]
        let headers = response?["headers"] as? [String: String] ?? [:]
        if let text = body as? String { return (Data(text.utf8), headers) }
        return (try JSONSerialization.data(withJSONObject: body ?? []), headers)
    }
}
