import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the media archive keeps files: `media/ab/cd/<sha256>.<ext>` (ab, cd: the hash's first two
/// bytes, so no folder grows huge), and downloads in progress under `media/.tmp/`, on the same file
/// system, so that a finished file is renamed into place atomically.
public struct MediaLayout: Sendable, Hashable {
    /// The `media` folder.
    public let root: URL

    public init(root: URL) { self.root = root }

    /// The mode of every folder the media archive makes, whatever the umask: its owner's only, as the
    /// archive folder around it is.
    public static var privateFolder: [FileAttributeKey: Any] { [.posixPermissions: 0o700] }
    /// The mode of every file it stores.
    public static var privateFile: [FileAttributeKey: Any] { [.posixPermissions: 0o600] }

    /// Downloads in progress; anything left here is from an interrupted run.
    public var temporary: URL { root.appending(path: ".tmp") }

    /// The file holding the bytes with this hash.
    public func file(sha256: String, ext: String) -> URL {
        let prefix = Array(sha256)
        guard prefix.count >= 4 else { return root.appending(path: "\(sha256).\(ext)") }
        return root.appending(path: String(prefix[0..<2])).appending(path: String(prefix[2..<4]))
            .appending(path: "\(sha256).\(ext)")
    }

    /// Whether `media/.tmp` is a symbolic link: then it is never used, cleaned or followed (emptying
    /// it would empty the folder it points to).
    package var temporaryIsLink: Bool {
        var info = stat()
        return lstat(temporary.path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// A new, empty temporary file.
    package func newTemporaryFile() throws(MediaStorageFailure) -> URL {
        if temporaryIsLink { throw MediaStorageFailure("\(temporary.path) is a symbolic link; remove it") }
        let url = temporary.appending(path: "\(UUID().uuidString).part")
        do {
            try FileManager.default.createDirectory(
                at: temporary, withIntermediateDirectories: true, attributes: Self.privateFolder)
        } catch {
            throw MediaStorageFailure("\(temporary.path): \(error.localizedDescription)")
        }
        guard FileManager.default.createFile(atPath: url.path, contents: nil, attributes: Self.privateFile) else {
            throw MediaStorageFailure("cannot create \(url.path)")
        }
        return url
    }

    /// Renames a finished, hashed temporary file into place, replacing any file already there (which
    /// holds the same bytes, or is corrupt and so is repaired).
    package func place(_ temporaryFile: URL, sha256: String, ext: String) throws(MediaStorageFailure) -> URL {
        let target = file(sha256: sha256, ext: ext)
        func makeFolder() throws(MediaStorageFailure) {
            do {
                try FileManager.default.createDirectory(
                    at: target.deletingLastPathComponent(), withIntermediateDirectories: true,
                    attributes: Self.privateFolder)
            } catch {
                throw MediaStorageFailure("\(target.deletingLastPathComponent().path): \(error.localizedDescription)")
            }
        }
        try makeFolder()
        var renamed = rename(temporaryFile.path, target.path) == 0
        if !renamed, errno == ENOENT {
            // A failed import elsewhere removed the folder, empty, just after it was made: once more.
            try makeFolder()
            renamed = rename(temporaryFile.path, target.path) == 0
        }
        guard renamed else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporaryFile)
            throw MediaStorageFailure("cannot move the download to \(target.path): \(reason)")
        }
        return target
    }

    /// Removes a stored file, and the folders above it inside the media folder that it leaves empty (a
    /// failed import takes back the files it placed, and the folders their placing made).
    public func removeStored(_ file: URL) {
        try? FileManager.default.removeItem(at: file)
        let rootPath = root.standardizedFileURL.path
        var folder = file.deletingLastPathComponent().standardizedFileURL
        // `rmdir` removes a folder only when it is empty: one that holds another file stays.
        while folder.path.hasPrefix(rootPath + "/"), rmdir(folder.path) == 0 {
            folder = folder.deletingLastPathComponent()
        }
    }

    /// Removes what interrupted runs left in the temporary folder; returns how many files.
    @discardableResult
    public func cleanTemporary() -> Int {
        guard !temporaryIsLink else { return 0 }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        for name in names { try? FileManager.default.removeItem(at: temporary.appending(path: name)) }
        return names.count
    }

    /// Every file stored under `ab/cd/`, as (hash, extension, URL). Other names are reported with an
    /// empty hash, so garbage collection can remove them too.
    package func storedFiles() -> [(sha256: String, ext: String, url: URL)] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        else { return [] }
        var found: [(String, String, URL)] = []
        for case let url as URL in walker {
            if url.lastPathComponent == ".tmp" {
                walker.skipDescendants()
                continue
            }
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let name = url.lastPathComponent
            let parts = name.split(separator: ".", maxSplits: 1)
            let sha = parts.first.map(String.init) ?? ""
            let isHash = sha.count == 64 && sha.allSatisfy { $0.isHexDigit && !$0.isUppercase }
            let inPlace =
                isHash && parts.count == 2
                && file(sha256: sha, ext: String(parts[1])).standardizedFileURL.path
                    == url.standardizedFileURL.path
            found.append((inPlace ? sha : "", parts.count == 2 ? String(parts[1]) : "", url))
        }
        return found
    }
}
