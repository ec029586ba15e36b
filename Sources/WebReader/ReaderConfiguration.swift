/// How `icebox serve` runs.
public struct ReaderConfiguration: Sendable {
    /// Where it listens.
    public var listen: ListenAddress
    /// The HTTP basic auth password (any user name), required off loopback; `nil`: no auth.
    public var password: String?
    /// The Icebox version, shown in the pages' footer.
    public var version: String

    /// Refuses an address other machines can reach unless a password guards it.
    public init(listen: ListenAddress, password: String?, version: String) throws(ReaderError) {
        guard listen.isLoopback || password != nil else { throw .exposedWithoutPassword(listen) }
        self.listen = listen
        self.password = password
        self.version = version
    }
}
