import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A program running on a real pseudo-terminal, as a person at a terminal runs it: the test types
/// bytes into the terminal and reads back everything the program draws (echo, prompts, output).
final class PseudoTerminal: @unchecked Sendable {
    private let master: Int32
    private let process = Process()
    private let lock = NSLock()
    private var received = Data()
    private var paused = false
    /// Set when the reader has read everything (the program ended and its side of the terminal closed).
    private var drained = false
    private let exited: Task<Int32, Never>

    /// TIOCSPTLCK and TIOCGPTN (asm-generic/ioctls.h: _IOW('T', 0x31, int), _IOR('T', 0x30, unsigned int)),
    /// which Swift cannot import because they are built from macros.
    private static let unlockRequest: UInt = 0x4004_5431
    private static let numberRequest: UInt = 0x8004_5430

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Starts `executable` with its standard input, output and error on a new terminal `columns` wide.
    /// With `controlling`, the terminal is the program's controlling terminal in a session of its own (as
    /// a shell runs it), so Ctrl-C typed into it is SIGINT to the program.
    init(
        _ executable: URL, _ arguments: [String], environment: [String: String], columns: UInt16 = 160,
        controlling: Bool = false
    ) throws {
        // posix_openpt, unlockpt and ptsname are not visible through Swift's Glibc module; this is what
        // they do on Linux: open the multiplexer, unlock the new terminal, ask its number.
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, Self.unlockRequest, &unlock) == 0,
            ioctl(master, Self.numberRequest, &number) == 0
        else {
            throw Failure(description: "no pseudo-terminal (errno \(errno))")
        }
        var size = winsize(ws_row: 40, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw Failure(description: "cannot open /dev/pts/\(number) (errno \(errno))") }
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        if controlling {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
            process.arguments = ["--wait", "--ctty", executable.path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        process.environment = environment
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        let (stream, continuation) = AsyncStream<Int32>.makeStream()
        process.terminationHandler = {
            continuation.yield($0.terminationStatus)
            continuation.finish()
        }
        try process.run()
        try terminal.close()  // the child holds the terminal now; its end of file reaches the reader
        exited = Task {
            for await status in stream { return status }
            return -1
        }
        let fd = master
        // The reader keeps the terminal open until the program has ended and closed its side.
        let reader = Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                if self.lock.withLock({ self.paused }) {
                    usleep(10_000)
                    continue
                }
                let count = read(fd, &buffer, buffer.count)
                if count <= 0 { break }
                self.lock.withLock { self.received.append(contentsOf: buffer[0..<count]) }
            }
            self.lock.withLock { self.drained = true }
        }
        reader.start()
    }

    deinit { close(master) }

    /// Everything the program has written to the terminal so far.
    var screen: String {
        lock.withLock { String(decoding: received, as: UTF8.self) }
    }

    /// Stops reading what the program writes, as a terminal that cannot keep up: once the terminal's
    /// buffer is full, the program's writes wait. `resumeReading` reads on.
    func pauseReading() { lock.withLock { paused = true } }
    func resumeReading() { lock.withLock { paused = false } }

    /// Bytes the program has written that the test has not read yet (FIONREAD on the terminal's end).
    var unread: Int {
        var count: Int32 = 0
        return ioctl(master, UInt(FIONREAD), &count) == 0 ? Int(count) : 0
    }

    /// Types `text` (control characters and escape sequences included) into the terminal.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Waits until the terminal shows `text` `count` times; throws, with what it shows, if it never
    /// does (the generous limit only keeps a broken program from hanging the suite).
    func waitFor(_ text: String, count: Int = 1) async throws {
        for _ in 0..<1200 {
            if screen.components(separatedBy: text).count - 1 >= count { return }
            if process.isRunning == false { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        if screen.components(separatedBy: text).count - 1 >= count { return }
        throw Failure(
            description:
                "the terminal never showed \(text.debugDescription) \(count)×; it shows:\n\(screen.debugDescription)")
    }

    /// Ends the program if it is still running (a test that failed half-way).
    func stop() {
        if process.isRunning { process.terminate() }
    }

    /// Waits for the program to end and for everything it wrote to be read (the reader thread may still
    /// be behind when the process ends: a screen read at once missed the last lines on a loaded machine);
    /// its exit status.
    func wait() async -> Int32 {
        let status = await exited.value
        for _ in 0..<400 where !lock.withLock({ drained }) {
            try? await Task.sleep(for: .milliseconds(25))
        }
        return status
    }
}
