/// Why `icebox serve` cannot start.
public enum ReaderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `--listen` is not `host:port`.
    case badListen(String)
    /// A non-loopback address without `--password-file`: the archive would be open to the network.
    case exposedWithoutPassword(ListenAddress)
    /// The password file is empty.
    case emptyPassword(String)

    public var description: String {
        switch self {
        case .badListen(let text): "--listen \(text): give host:port (127.0.0.1:8080, [::1]:8080) or a port"
        case .exposedWithoutPassword(let address):
            "--listen \(address) is reachable from other machines: give --password-file too (HTTP basic auth; "
                + "put a TLS proxy in front), or listen on 127.0.0.1"
        case .emptyPassword(let path): "--password-file \(path) is empty"
        }
    }
}
