import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// FlyingFox writes a response's header and body in two `send()` calls. With Nagle's algorithm on,
/// the body waits for the client to acknowledge the header, and clients delay that ACK by up to
/// 40 ms: a latency no real Mastodon server (behind nginx) has. Linux copies TCP_NODELAY from the
/// listening socket to every connection it accepts, so it is set on the listener, found by its port.
enum NoDelay {
    static func enable(onListenerAt port: UInt16) {
        #if canImport(Glibc)
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            for fd in descriptors.compactMap(Int32.init) {
                var address = sockaddr_in()
                var length = socklen_t(MemoryLayout<sockaddr_in>.size)
                let named = withUnsafeMutablePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
                }
                guard named == 0, address.sin_family == sa_family_t(AF_INET),
                    UInt16(bigEndian: address.sin_port) == port
                else { continue }
                var listening: Int32 = 0
                var size = socklen_t(MemoryLayout<Int32>.size)
                guard getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &size) == 0, listening == 1 else {
                    continue
                }
                var on: Int32 = 1
                _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
            }
        #endif
    }
}
