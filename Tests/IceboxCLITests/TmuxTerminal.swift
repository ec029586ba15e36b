import Foundation
import IceboxTestSupport

/// A program running in a tmux window, as a person at a real terminal emulator runs it: keys go
/// through tmux to the program's terminal (Ctrl-C as the terminal's interrupt character, so the program's
/// process group gets SIGINT), and the screen is what tmux draws, not the bytes the program wrote.
/// Each instance has a tmux server of its own, on a socket in a temporary folder.
final class TmuxTerminal: @unchecked Sendable {
    private let folder: TemporaryDirectory
    private var socket: String { folder.url.appending(path: "tmux.sock").path }
    /// The client that started the tmux server (kept: it is reaped only when the server ends).
    private let starter: Process
    /// The tmux server's and the program's process ids, to end them whatever state they are in.
    private var processes: [pid_t] = []
    /// The program's command line, as /proc shows it (words separated by NUL).
    private let program: String

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Starts `executable` with `arguments` and only `environment`, in a window `columns` wide.
    init(
        _ executable: URL, _ arguments: [String], environment: [String: String], columns: Int = 100, rows: Int = 30
    ) throws {
        folder = try TemporaryDirectory("icebox-tmux")
        program = ([executable.path] + arguments).joined(separator: "\0")
        let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let command = (["exec", "env", "-i"] + assignments + [executable.path] + arguments).map(Self.quoted)
            .joined(separator: " ")
        // The tmux client that starts the server is not waited for: the server it leaves behind keeps the
        // descriptor by which Foundation learns that a process ended, so it never seems to end until the
        // server does (stop()). Whether the session is there is asked instead.
        starter = Process()
        starter.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        starter.arguments = [
            "tmux", "-S", socket, "-f", "/dev/null", "new-session", "-d", "-s", "icebox", "-x", "\(columns)", "-y",
            "\(rows)", command,
        ]
        starter.standardInput = FileHandle.nullDevice
        starter.standardOutput = FileHandle.nullDevice
        starter.standardError = FileHandle.nullDevice
        try starter.run()
        var started = false
        for _ in 0..<200 where !started {
            started = (try? tmux(["has-session", "-t", "icebox"])) != nil
            if !started { usleep(50_000) }
        }
        guard started else { throw Failure(description: "tmux did not start a session for \(executable.path)") }
        processes = try tmux(["display-message", "-p", "-t", "icebox", "#{pid} #{pane_pid}"])
            .split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        // The window stays when the program ends, so its last screen can still be read.
        try tmux(["set-option", "-t", "icebox", "remain-on-exit", "on"])
    }

    /// Types `text` literally, as keys.
    func type(_ text: String) throws { try tmux(["send-keys", "-t", "icebox", "-l", text]) }

    /// Presses named keys (`C-c`, `Enter`, `BSpace`; a word that names no key is typed as it is), all in
    /// one `send-keys`: tmux writes them to the program's terminal together, faster than any typist.
    func press(_ keys: String...) throws { try tmux(["send-keys", "-t", "icebox"] + keys) }

    /// The window's lines as drawn now, trailing blanks kept (`-N`: a prompt ends in a space).
    var screen: String {
        (try? tmux(["capture-pane", "-p", "-N", "-t", "icebox"])) ?? ""
    }

    /// Whether the program has ended.
    var ended: Bool { (try? tmux(["display-message", "-p", "-t", "icebox", "#{pane_dead}"]))?.hasPrefix("1") ?? true }

    /// Waits until the window shows `text` `count` times; throws, with the screen, if it never does (the
    /// generous limit only keeps a broken program from hanging the suite).
    func waitFor(_ text: String, count: Int = 1) async throws {
        for _ in 0..<600 {
            if screen.components(separatedBy: text).count - 1 >= count { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Failure(description: "the window never showed \(text.debugDescription) \(count)×; it shows:\n\(screen)")
    }

    /// Ends the program and the tmux server.
    func stop() {
        _ = try? tmux(["kill-server"])
        // Only while the id is still theirs: the tmux server's command line names this folder, the
        // program's names its home, also in this command.
        for process in processes.reversed() {
            let line = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(process)/cmdline"))) ?? Data()
            let words = String(decoding: line, as: UTF8.self)
            if words.contains(folder.path) || words.contains(program) { kill(process, SIGKILL) }
        }
    }

    /// Runs a tmux client with `arguments` (never one that starts the server); what it printed.
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let file = folder.url.appending(path: "output-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw Failure(description: "cannot create \(file.path) for tmux's output")
        }
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try FileHandle(forWritingTo: file)
        defer { try? output.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux", "-S", socket] + arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = output
        try process.run()
        process.waitUntilExit()
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else {
            throw Failure(description: "tmux \(arguments.first ?? "") failed: \(text)")
        }
        return text
    }

    /// `text` as one word for the shell tmux runs the command with.
    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
