import Foundation

extension ImportError {
    /// Throws ``missing(file:reason:)`` unless `file` is there to read: what an import checks before
    /// it opens anything.
    static func requireReadable(_ file: URL) throws(ImportError) {
        guard FileManager.default.isReadableFile(atPath: file.path) else {
            throw .missing(file: file.path, reason: "no such file, or it cannot be read")
        }
    }
}
