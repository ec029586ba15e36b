/// How `icebox serve` runs.
public struct ReaderConfiguration: Sendable {
    /// Where it listens.
    public var listen: ListenAddress
    /// The HTTP basic auth password (any user name), required off loopback; `nil`: no password (the
    /// printed address's token, kept as a cookie, still guards every request).
    public var password: String?
    /// The Icebox version, shown in the pages' footer.
    public var version: String
    /// How far a page's total is counted (`--count-limit`): above it the page says "more than N posts"
    /// and links to the exact count (`count=all`); `nil`: always exactly. An exact count visits every
    /// match, which a common word on PostgreSQL makes a second or more.
    public var countLimit: Int?
    /// The names (`reader.example.org`, or `name:port`) a request's `Host` may give besides the listening
    /// address (`--public-host`): what clients behind a TLS proxy, or on the network, reach it by.
    public var publicHosts: [String] = []
    /// How long a connection may stay without a whole request (a header trickled byte by byte, or
    /// nothing at all) before it is closed.
    public var idleTimeout: Duration = .seconds(20)
    /// How long a page may wait for the store: past it the answer is 503 and the store's work is
    /// abandoned (a PostgreSQL server that stopped answering).
    public var storeDeadline: Duration = .seconds(10)

    /// Serve's default `countLimit`. PostgreSQL reads a row from the table for each match it counts (its
    /// text index cannot say alone whether a row matches, nor whose it is): at a million statuses, 10,001
    /// matches took 130–210 ms a count and 1,001 took 20–40 ms. "More than 1,000 posts" tells a reader as
    /// much as "more than 10,000" would, and the exact number is a click away.
    public static let defaultCountLimit = 1_000

    /// Refuses an address other machines can reach unless a password guards it.
    public init(
        listen: ListenAddress, password: String?, version: String, countLimit: Int? = Self.defaultCountLimit
    ) throws(ReaderError) {
        guard listen.isLoopback || password != nil else { throw .exposedWithoutPassword(listen) }
        self.listen = listen
        self.password = password
        self.version = version
        self.countLimit = countLimit
    }
}
