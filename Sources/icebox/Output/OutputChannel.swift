import Foundation
import Models

#if canImport(Glibc)
    import Glibc
#endif

/// The one writer of standard output (data) and standard error (messages), for every command.
///
/// Why not `FileHandle.write(_:)`: Foundation's `write(_ data:)` is `try! write(contentsOf:)`, so a
/// write that fails crashes the process with a stack trace. A write to a pipe whose reader left
/// (`icebox search … | head -1`) fails with `EPIPE` whenever `SIGPIPE` is ignored, and SwiftNIO ignores
/// it for the whole process as soon as it opens a socket (`NIOPosix`'s `globallyIgnoredSIGPIPE`: Linux
/// has no per-socket `F_SETNOSIGPIPE`), which every PostgreSQL store does. With the SQLite store nothing
/// ignored the signal, so the same command ended quietly: it died of `SIGPIPE`, as every Unix filter does.
///
/// So a closed pipe ends the process as `SIGPIPE` would have, whatever the store: the signal's default
/// action is restored and the signal raised, no message and no trace; a shell sees status 141, as for
/// `grep` or `cat`. Any other failure to write data (a full disk) is said on stderr and exits 74
/// (`EX_IOERR`); a message stderr cannot take is dropped.
struct OutputChannel: Sendable {
    let descriptor: Int32

    static let standardOutput = OutputChannel(descriptor: STDOUT_FILENO)
    static let standardError = OutputChannel(descriptor: STDERR_FILENO)

    /// Writes all of `bytes`, retrying interrupted and partial writes.
    func write(_ bytes: UnsafeRawBufferPointer) {
        guard let start = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, start + offset, bytes.count - offset)
            if written >= 0 {
                offset += written
                continue
            }
            let failure = errno
            if failure == EINTR { continue }
            if failure == EAGAIN || failure == EWOULDBLOCK {
                // A descriptor left non-blocking by whoever started us: wait until it takes more.
                var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&entry, 1, -1)
                continue
            }
            if failure == EPIPE { Self.endAsClosedPipe() }
            // A message that cannot be written is lost; data that cannot be written ends the command.
            guard descriptor == STDERR_FILENO else { fail(failure) }
            return
        }
    }

    func write(_ data: Data) {
        data.withUnsafeBytes { write($0) }
    }

    func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// Whether the reader of this pipe has gone (Linux reports `POLLERR` on a pipe's write end then);
    /// false for a file, a terminal, or a pipe still read.
    var readerHasGone: Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        return poll(&entry, 1, 0) == 1 && entry.revents & Int16(POLLERR) != 0
    }

    /// Ends the process as the default action of `SIGPIPE` does: silently, with the signal's status.
    static func endAsClosedPipe() -> Never {
        signal(SIGPIPE, SIG_DFL)
        var pipeOnly = sigset_t()
        sigemptyset(&pipeOnly)
        sigaddset(&pipeOnly, SIGPIPE)
        pthread_sigmask(SIG_UNBLOCK, &pipeOnly, nil)
        raise(SIGPIPE)
        _exit(128 + SIGPIPE)
    }

    private func fail(_ failure: Int32) -> Never {
        OutputChannel.standardError.write(
            "icebox: cannot write to standard output: \(String(cString: strerror(failure)))\n")
        exit(ExitStatus.ioError.rawValue)
    }
}
