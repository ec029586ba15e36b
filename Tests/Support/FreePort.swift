import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A port free on 127.0.0.1 at the moment it is asked for (the kernel's choice for port 0).
public enum FreePort {
    public struct Unavailable: Error {}

    public static func onLoopback() throws -> UInt16 {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Unavailable() }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        guard bound else { throw Unavailable() }
        return UInt16(bigEndian: address.sin_port)
    }
}
