import Foundation
import Logging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small JSON file of `serve`'s in the archive folder (the API tokens, the API's markers), mode 0600:
/// read without following a link and at most ``maximumBytes``, changed only while holding an exclusive
/// `flock` on the folder (so two writers never lose each other's change), written atomically.
struct PrivateJSONFile<Contents: Codable>: Sendable {
    let file: URL
    let directory: URL
    /// What it holds, in words ("the API tokens").
    let holds: String
    let maximumBytes: Int
    let logger: Logger

    /// The file as it is now; `empty` when there is none.
    func read(empty: @autoclosure () -> Contents) throws(APITokenError) -> Contents {
        let opened: Int32?
        do { opened = try PrivateFile.descriptor(file.path, holds: holds, logger: logger) } catch {
            throw .file(error)
        }
        guard let fd = opened else { return empty() }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        let data: Data
        do { data = try handle.read(upToCount: maximumBytes + 1) ?? Data() } catch {
            throw .unreadable(path: file.path, reason: error.localizedDescription)
        }
        guard data.count <= maximumBytes else {
            throw .unreadable(path: file.path, reason: "it is larger than \(maximumBytes) bytes")
        }
        do { return try JSONDecoder().decode(Contents.self, from: data) } catch {
            throw .unreadable(path: file.path, reason: "not the JSON Icebox writes (\(error.localizedDescription))")
        }
    }

    /// Reads, changes and writes the file under the folder's lock; a change that would make it larger
    /// than ``maximumBytes`` is refused (``APITokenError/full(path:)``) and nothing is written.
    func update<Value>(
        empty: @autoclosure () -> Contents, _ change: (inout Contents) throws(APITokenError) -> Value
    ) throws(APITokenError) -> Value {
        let folder = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else {
            throw .file(.cannotOpen(path: directory.path, reason: String(cString: strerror(errno))))
        }
        defer { close(folder) }
        while flock(folder, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw .file(.cannotOpen(path: directory.path, reason: String(cString: strerror(errno))))
            }
        }
        var contents = try read(empty: empty())
        let value = try change(&contents)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data: Data
        do { data = try encoder.encode(contents) } catch {
            throw .unreadable(path: file.path, reason: "cannot encode: \(error)")
        }
        guard data.count <= maximumBytes else { throw .full(path: file.path) }
        do { try PrivateFile.replace(file.path, with: data, what: holds) } catch { throw .file(error) }
        return value
    }
}
