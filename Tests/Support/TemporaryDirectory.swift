import Foundation

/// A folder under the system's temporary directory, removed when the value is released.
public final class TemporaryDirectory: Sendable {
    public let url: URL

    public init(_ label: String = "icebox-test") throws {
        url = FileManager.default.temporaryDirectory.appending(path: "\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    public var path: String { url.path }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// The repository's folders, found from this file's location.
public enum Repository {
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    public static let fixtures = root.appending(path: "Fixtures")
}
