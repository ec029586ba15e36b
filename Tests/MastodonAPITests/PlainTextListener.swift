import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP listener on 127.0.0.1 that answers every connection with a plain-HTTP 400 and closes it, as
/// a web server does when a client opens TLS on its plain port; or (`closingAtOnce`) closes every
/// connection as soon as it is accepted, before any answer.
final class PlainTextListener: @unchecked Sendable {
    let port: UInt16
    private let socket: Int32
    private let thread: Thread

    init(closingAtOnce: Bool = false) throws {
        let (fd, port) = try loopbackListeningSocket()
        self.port = port
        socket = fd
        // Non-blocking, waited on with poll: this descriptor may carry the number of a test server's
        // socket closed a moment ago, and a late accept() from that server's task must get EAGAIN here,
        // never block one of the few threads every test's async work runs on.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        thread = Thread {
            let reply = Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
            while true {
                var waiting = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                guard poll(&waiting, 1, -1) >= 0, waiting.revents & Int16(POLLNVAL | POLLERR | POLLHUP) == 0 else {
                    return
                }
                let client = accept(fd, nil, nil)
                if client < 0, errno == EAGAIN || errno == EINTR { continue }
                guard client >= 0 else { return }
                if closingAtOnce {
                    close(client)
                    continue
                }
                _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) & ~O_NONBLOCK)
                var buffer = [UInt8](repeating: 0, count: 4096)
                _ = read(client, &buffer, buffer.count)
                _ = write(client, reply, reply.count)
                close(client)
            }
        }
        thread.start()
    }

    /// Stops accepting: the blocked `accept` returns and the thread ends.
    func stop() {
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
    }
}

/// A TCP socket listening on 127.0.0.1 at a port the system chose.
func loopbackListeningSocket() throws -> (socket: Int32, port: UInt16) {
    let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EIO) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0, listen(fd, 8) == 0 else {
        close(fd)
        throw POSIXError(.EADDRINUSE)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return (fd, UInt16(bigEndian: address.sin_port))
}

/// A TCP listener on 127.0.0.1 that never accepts: the system completes each connection, and nothing
/// is ever answered on it.
final class SilentListener: Sendable {
    let port: UInt16
    private let socket: Int32

    init() throws {
        (socket, port) = try loopbackListeningSocket()
    }

    func stop() { close(socket) }
}
