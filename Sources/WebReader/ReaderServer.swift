import ArchiveCore
import Hummingbird
import Logging
import MediaFiles
import ServiceLifecycle

/// `icebox serve`: the archive read in a browser, on Hummingbird. It opens nothing itself: it is given
/// a store opened read-only, and reads media from the archive folder by hash.
public struct ReaderServer: Sendable {
    let reader: Reader
    let configuration: ReaderConfiguration
    let logger: Logger

    public init(store: any ArchiveStore, home: IceboxHome, configuration: ReaderConfiguration, logger: Logger) {
        self.reader = Reader(
            store: store, media: MediaLayout(root: home.media), version: configuration.version,
            countLimit: configuration.countLimit, logger: logger)
        self.configuration = configuration
        self.logger = logger
    }

    /// Serves until SIGINT or SIGTERM (or the task is cancelled), then lets the requests under way end.
    /// `onListening` is told the port once the server accepts connections (the system's pick for port 0).
    public func run(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let requestGuard = RequestGuard(listen: configuration.listen, password: configuration.password)
        let application = Application(
            responder: ReaderResponder(reader: reader, requestGuard: requestGuard),
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
        try await services.run()
    }
}
