import ArgumentParser
import Display
import Foundation
import Models

#if canImport(Glibc)
    import Glibc
#endif

/// Output: data to stdout, messages to stderr, anything from a server made terminal-safe first.
enum Console {
    static func out(_ text: String) {
        line(text.terminalSafe)
    }

    /// Text whose server-supplied parts were made terminal-safe by the caller, keeping Icebox's own
    /// colour codes.
    static func outSanitized(_ text: String) {
        line(text)
    }

    /// `text` and a newline on stdout, written from its own bytes (no `Data` copy).
    private static func line(_ text: String) {
        OutputChannel.standardOutput.write(text + "\n")
    }

    /// Bytes on stdout as they are (a status's raw JSON, CSV).
    static func outBytes(_ data: Data) {
        OutputChannel.standardOutput.write(data)
    }

    /// A message line on stderr; above the live progress lines when they are shown.
    static func err(_ text: String) {
        ProgressBoard.shared.write(text.terminalSafe)
    }

    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    static var stdinIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    /// `values` as `--jsonl`: compact JSON objects (see `JSONOutput`; C1 and bidirectional controls
    /// escaped), one per line, written to stdout in blocks of about 64 KiB rather than a write per line.
    /// Each line comes from `JSONLineEncoder`, or from `JSONOutput.line` for a record holding what that
    /// encoder leaves to `JSONEncoder`: the same bytes either way.
    static func jsonLines<T: Encodable>(_ values: [T]) throws {
        var block: [UInt8] = []
        block.reserveCapacity(80 * 1024)
        for value in values {
            do {
                block.append(contentsOf: try JSONLineEncoder.line(value))
            } catch {
                block.append(contentsOf: HiddenControlEscaping.escaping(try JSONOutput.line(value)))
            }
            block.append(UInt8(ascii: "\n"))
            if block.count >= 64 * 1024 {
                block.withUnsafeBytes { OutputChannel.standardOutput.write($0) }
                block.removeAll(keepingCapacity: true)
            }
        }
        block.withUnsafeBytes { OutputChannel.standardOutput.write($0) }
    }

    /// Pretty, key-sorted JSON for `--json` (see `JSONOutput`); C1 and bidirectional controls escaped.
    static func json<T: Encodable>(_ value: T) throws {
        outBytes(try JSONOutput.document(value))
    }
}

extension ExitCode {
    /// The exit code for an `ExitStatus` (sysexits.h, so cron and systemd can tell failures apart).
    init(_ status: ExitStatus) { self.init(status.rawValue) }
}

/// Runs a command body; a failure is printed as one clear line and becomes a non-zero exit: the
/// status the error reports (`ExitStatusReporting`), else 1; one caused by a closed stdout pipe ends quietly.
func reportingFailures(_ body: () async throws -> Void) async throws {
    do {
        try await body()
    } catch let error as ExitCode {
        throw error
    } catch let error as CleanExit {
        throw error
    } catch let error as ValidationError {
        throw error
    } catch {
        // A failure that came of stdout's reader leaving (an export's tarball piped to `head`) ends as
        // any other write to a closed pipe does (see `OutputChannel`).
        if OutputChannel.standardOutput.readerHasGone { OutputChannel.endAsClosedPipe() }
        Console.err("icebox: \(error)")
        throw ExitCode((error as? any ExitStatusReporting)?.exitStatus ?? .failure)
    }
}
