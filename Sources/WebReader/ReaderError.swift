import Models

/// Why `icebox serve` cannot start.
public enum ReaderError: Error, Sendable, Hashable, CustomStringConvertible, ExitStatusReporting {
    /// `--listen` is not `host:port`.
    case badListen(String)
    /// A non-loopback address without `--password-file`: the archive would be open to the network.
    case exposedWithoutPassword(ListenAddress)
    /// The password file is empty.
    case emptyPassword(String)
    /// Other users may read or change the password file (its mode).
    case exposedPasswordFile(String, mode: UInt16)
    /// Another program listens at the address.
    case addressInUse(ListenAddress)

    public var description: String {
        switch self {
        case .badListen(let text): "--listen \(text): give host:port (127.0.0.1:8080, [::1]:8080) or a port"
        case .exposedWithoutPassword(let address):
            "--listen \(address) is reachable from other machines: give --password-file too (HTTP basic auth; "
                + "put a TLS proxy in front), or listen on 127.0.0.1"
        case .emptyPassword(let path): "--password-file \(path) is empty"
        case .exposedPasswordFile(let path, let mode):
            "--password-file \(path) may be read or changed by other users (mode \(String(mode, radix: 8))): "
                + "chmod 600 \(path)"
        case .addressInUse(let address):
            "\(address) is already in use (another icebox serve?): stop it, or give another --listen port"
        }
    }

    /// 75 (try again later) for an address another program holds; 64 (bad usage) for the rest.
    public var exitStatus: ExitStatus {
        if case .addressInUse = self { return .tempFail }
        return .usage
    }
}
