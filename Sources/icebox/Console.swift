import ArgumentParser
import Foundation
import MastodonAPI
import Models
import Archive
import Importer
import MediaArchive
import Export

#if canImport(Glibc)
import Glibc
#endif

/// Output: data to stdout, messages to stderr, anything from a server made terminal-safe first.
enum Console {
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data((text.terminalSafe + "\n").utf8))
    }

    /// Text whose server-supplied parts were made terminal-safe by the caller, keeping Icebox's own
    /// colour codes.
    static func outSanitized(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func err(_ text: String) {
        FileHandle.standardError.write(Data((text.terminalSafe + "\n").utf8))
    }

    /// A line that replaces itself on a terminal (progress).
    static func status(_ text: String) {
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + text.terminalSafe).utf8))
    }

    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    static var stdinIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    /// One compact JSON object on a line, for `--jsonl`; C1 and bidirectional controls escaped.
    static func jsonLine<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        FileHandle.standardOutput.write(HiddenControlEscaping.escaping(try encoder.encode(value)) + Data("\n".utf8))
    }

    /// Pretty, key-sorted JSON for `--json`; C1 and bidirectional controls escaped.
    static func json<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = HiddenControlEscaping.escaping(try encoder.encode(value))
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }
}

/// Exit codes (sysexits.h, so cron and systemd can tell failures apart).
enum Exit {
    static let failure: Int32 = 1
    static let usage: Int32 = 64
    static let noInput: Int32 = 66
    static let unavailable: Int32 = 69
    static let software: Int32 = 70
    static let ioError: Int32 = 74
    static let tempFail: Int32 = 75
    static let protocolError: Int32 = 76
    static let noPermission: Int32 = 77
}

/// Runs a command body; a failure is printed as one clear line and becomes a non-zero exit.
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
        Console.err("icebox: \(describe(error))")
        throw ExitCode(exitCode(for: error))
    }
}

private func describe(_ error: any Error) -> String {
    String(describing: error)
}

private func exitCode(for error: any Error) -> Int32 {
    switch error {
    case let error as APIError: exitCode(for: error)
    case let error as EnrollmentError:
        switch error {
        case .badToken, .ambiguous: Exit.usage
        case .alreadyAdded: Exit.failure
        case .server(let api): exitCode(for: api)
        case .archive: Exit.ioError
        }
    case ArchiveError.notFound: Exit.failure
    case ArchiveError.noArchive: Exit.noInput
    case let error as ExportError:
        switch error {
        case .empty: Exit.failure
        case .undecodable: Exit.protocolError
        case .archive, .tarball, .io: Exit.ioError
        }
    case let error as ThreadFetchError: error.apiError.map(exitCode(for:)) ?? Exit.ioError
    case is ArchiveError, is MediaError: Exit.ioError
    case is SyncLock.Held: Exit.tempFail
    case is ServerAddress.Invalid, is TimelineSpec.Invalid: Exit.usage
    default: Exit.failure
    }
}

private func exitCode(for error: APIError) -> Int32 {
    switch error {
    case .transport: Exit.unavailable
    case .rateLimited: Exit.tempFail
    case .http(_, _, let status, _) where status == 401 || status == 403: Exit.noPermission
    case .http: Exit.unavailable
    case .notJSON, .malformed, .redirected, .tooLarge: Exit.protocolError
    }
}
