import ArchiveCore
import Hummingbird
import Logging
import MediaFiles
import NIOCore
import ServiceLifecycle

#if canImport(Glibc)
    import Glibc
#endif

/// `icebox serve`: the archive read in a browser, on Hummingbird. It opens nothing itself: it is given
/// a store opened read-only, and reads media from the archive folder by hash.
public struct ReaderServer: Sendable {
    let reader: Reader
    let configuration: ReaderConfiguration
    let logger: Logger
    let refusals: RefusalCounts
    /// Sign-in for Mastodon apps, and the API tokens it and `icebox serve token` keep.
    let oauth: OAuthEndpoints
    /// The owner's secret, new at every start: print it only in the one address shown (``address(port:)``).
    public let token: String

    public init(store: any ArchiveStore, home: IceboxHome, configuration: ReaderConfiguration, logger: Logger) {
        let refusals = RefusalCounts()
        self.refusals = refusals
        self.reader = Reader(
            store: store, media: MediaLayout(root: home.media), version: configuration.version,
            countLimit: configuration.countLimit, logger: logger, refusals: refusals,
            markers: APIMarkerStore(home: home, logger: logger))
        self.configuration = configuration
        self.logger = logger
        self.token = OwnerSecret.newToken()
        self.oauth = OAuthEndpoints(
            tokens: APITokenStore(home: home, logger: logger), store: store, version: configuration.version,
            logger: logger)
    }

    /// The address to open, carrying the token: `http://127.0.0.1:8080/?token=…`.
    public func address(port: Int) -> String {
        var shown = configuration.listen
        shown.port = port
        return "http://\(shown)/?token=\(token)"
    }

    /// Serves until SIGINT or SIGTERM (or the task is cancelled), then lets the requests under way end.
    /// `onListening` is told the port once the server accepts connections (the system's pick for port 0).
    /// An address another program holds is `ReaderError.addressInUse`.
    public func run(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let requestGuard = RequestGuard(
            listen: configuration.listen, publicHosts: configuration.publicHosts, password: configuration.password,
            token: token, refusals: refusals)
        // Hummingbird's idle timeout counts from the last whole request part read or answer written: a
        // header trickled a byte at a time is no part, so it is closed as a silent connection is.
        let idle = configuration.idleTimeout.components
        let application = Application(
            responder: ReaderResponder(
                reader: reader, requestGuard: requestGuard, oauth: oauth, storeDeadline: configuration.storeDeadline),
            server: .http1(
                configuration: .init(
                    idleTimeout: .nanoseconds(idle.seconds * 1_000_000_000 + idle.attoseconds / 1_000_000_000))),
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.listen.host, port: configuration.listen.port),
                serverName: "Icebox"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuration.listen.port
                requestGuard.bound(port: port)
                await onListening(port)
            },
            logger: logger)
        let services = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [application], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        do {
            try await services.run()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw ReaderError.addressInUse(configuration.listen)
        }
    }
}
