import Archive
import ArgumentParser
import Health
import Foundation
import Models

extension Icebox {
    /// `icebox doctor`: everything that can quietly go wrong with an archive, checked in one go.
    struct Doctor: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "doctor",
            abstract: "Check the archive, media, file modes, tokens, timelines, locks and free disk space.",
            discussion: """
                One line per check: ok, warning or problem, naming the thing checked. Each account's server \
                gets one request (verify_credentials). Exit status: 0 when no check found a problem \
                (warnings allowed), 1 when one did, 66 when the folder holds no archive.
                """)

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Check the whole archive file (integrity_check, not quick_check) and re-hash every media file.")
        var full = false

        @Flag(help: "Print JSON.")
        var json = false

        func run() async throws {
            var healthy = true
            try await reportingFailures {
                if case .postgres(let location) = try global.storeChoice() {
                    throw ValidationError("doctor checks an archive folder and its SQLite file; "
                                          + "for the PostgreSQL store at \(location) use `icebox stats --check`")
                }
                var options = Health.Doctor.Options()
                options.full = full
                let checks = try await Health.Doctor(home: global.iceboxHome, options: options, logger: global.logger()).examine()
                healthy = !checks.contains { $0.status == .problem }
                if json { return try Console.json(DoctorSummary(checks: checks, ok: healthy)) }
                for check in checks {
                    Console.out("\(check.status.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0))"
                                + "\(check.check): \(check.message)")
                }
            }
            if !healthy { throw ExitCode(ExitStatus.failure) }
        }
    }
}

/// `icebox doctor --json`.
struct DoctorSummary: Encodable {
    var checks: [DoctorCheck]
    /// No check found a problem.
    var ok: Bool
}
