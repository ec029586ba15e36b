import Crypto
import Foundation
import Logging
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension IceboxHome {
    /// The bearer tokens and OAuth apps of `icebox serve`'s Mastodon API, hashed, mode 0600.
    public var apiTokens: URL { directory.appending(path: "api-tokens.json") }
}

/// The tokens `icebox serve` answers its Mastodon API for, and the apps that signed in by OAuth: kept in
/// `api-tokens.json` in the archive folder, mode 0600, written atomically. A token is 256 random bits,
/// URL-safe, shown once and kept only as its SHA-256; a bearer is compared with every kept hash in
/// constant time. The file is read again whenever it changed (its inode, size or times), so a token
/// removed by `icebox serve token remove` stops working at once in a running `serve`.
public final class APITokenStore: Sendable {
    /// `api-tokens.json`.
    public let file: URL
    private let json: PrivateJSONFile<APITokenFile>
    private let logger: Logger
    /// The file as last read, and the `stat` it was read under.
    private let cache = Mutex<(key: FileKey, contents: Result<APITokenFile, APITokenError>)?>(nil)

    /// The most the file may hold: reading stops there, and a change that would pass it is refused.
    public static let maximumFileBytes = 1 << 20

    public init(home: IceboxHome, logger: Logger) {
        file = home.apiTokens
        json = PrivateJSONFile(
            file: home.apiTokens, directory: home.directory, holds: "the API tokens",
            maximumBytes: Self.maximumFileBytes,
            logger: logger)
        self.logger = logger
    }

    /// What `token` may read, or `nil` when no kept token is it (or the file cannot be read: logged).
    public func grant(forBearer token: String) -> APIGrant? {
        let contents: APITokenFile
        do { contents = try current() } catch {
            logger.error("serve: \(error)")
            return nil
        }
        return Self.record(forBearer: token, in: contents)
            .map { APIGrant(name: $0.name, account: $0.account, scopes: Set($0.scopes), markerKey: $0.sha256) }
    }

    /// The kept token that `token` is: every kept hash is compared, each in constant time, whichever matches.
    static func record(forBearer token: String, in contents: APITokenFile) -> APITokenRecord? {
        let digest = APITokenSecret.digest(token)
        var found: APITokenRecord?
        for record in contents.tokens where APITokenSecret.sameDigest(record.sha256, digest) { found = record }
        return found
    }

    /// The kept tokens, oldest first.
    public func tokens() throws(APITokenError) -> [APITokenRecord] { try current().tokens }

    /// A new token for a script, named `name` (unique), reading as `account`: returned once, kept hashed.
    public func add(name: String, account: String) throws(APITokenError) -> String {
        guard !name.isEmpty, name.count <= 100,
            !name.unicodeScalars.contains(where: { [.control, .format].contains($0.properties.generalCategory) })
        else { throw .badName(name) }
        return try update { (contents: inout APITokenFile) throws(APITokenError) -> String in
            guard !contents.tokens.contains(where: { $0.name == name }) else { throw .nameTaken(name) }
            let (token, record) = APITokenSecret.issue(name: name, account: account, kind: .script, clientID: nil)
            contents.tokens.append(record)
            return token
        }
    }

    /// Removes every token named `name` (a script's, or the tokens of apps of that name); how many.
    @discardableResult
    public func remove(named name: String) throws(APITokenError) -> Int {
        try update { (contents: inout APITokenFile) throws(APITokenError) -> Int in
            let before = contents.tokens.count
            contents.tokens.removeAll { $0.name == name }
            guard contents.tokens.count < before else { throw .noSuchToken(name) }
            return before - contents.tokens.count
        }
    }

    /// The file's contents, read again only when it changed since the last read.
    func current() throws(APITokenError) -> APITokenFile {
        var info = stat()
        guard lstat(file.path, &info) == 0 else {
            guard errno == ENOENT else {
                throw .file(.cannotOpen(path: file.path, reason: String(cString: strerror(errno))))
            }
            return APITokenFile()
        }
        let key = FileKey(info)
        if let cached = cache.withLock({ $0 }), cached.key == key { return try cached.contents.get() }
        let contents: Result<APITokenFile, APITokenError>
        do { contents = .success(try read()) } catch { contents = .failure(error) }
        cache.withLock { $0 = (key, contents) }
        return try contents.get()
    }

    /// Reads the file as it is now: opened without following a link, at most ``maximumFileBytes``.
    private func read() throws(APITokenError) -> APITokenFile { try json.read(empty: APITokenFile()) }

    /// Reads, changes and writes the file while holding an exclusive `flock` on the archive folder, so a
    /// `token add` and a sign-in in a running `serve` never lose each other's change.
    func update<Value>(_ change: (inout APITokenFile) throws(APITokenError) -> Value) throws(APITokenError) -> Value {
        try json.update(empty: APITokenFile(), change)
    }
}

/// What identifies one version of a file without reading it: a rename over it gives another inode, and
/// a change in place another size or time.
private struct FileKey: Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Int
    var modifiedNanoseconds: Int
    var changed: Int
    var changedNanoseconds: Int

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = info.st_mtim.tv_sec
        modifiedNanoseconds = info.st_mtim.tv_nsec
        changed = info.st_ctim.tv_sec
        changedNanoseconds = info.st_ctim.tv_nsec
    }
}
