import ArchiveCore
import ArgumentParser
import Foundation
import Health
import Models

extension Icebox {
    /// `icebox doctor`: everything that can quietly go wrong with an archive, checked in one go.
    struct Doctor: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "doctor",
            abstract: "Check the archive, media, file modes, tokens, timelines, locks and free disk space.",
            discussion: """
                One line per check: ok, warning or problem, naming the thing checked. Each account's server \
                gets one request (verify_credentials). With --store postgres://…, the shared store is checked \
                (its search words and server ids, schema, indexes, settings and leases) with this machine's \
                folder. The archive is only read, never migrated: one nobody may write (a backup mounted \
                read-only) is checked as it is. Exit status: 0 when no check found a problem (warnings allowed), 1 when one \
                did, 66 when the folder holds no archive (nothing is created).
                """)

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Check the whole archive file (integrity_check, not quick_check) and re-hash every media file.")
        var full = false

        @OptionGroup var format: ReportFormat

        func run() async throws {
            var healthy = true
            try await reportingFailures {
                var options = Health.Doctor.Options()
                options.full = full
                let logger = global.logger()
                let doctor = Health.Doctor(home: global.iceboxHome, options: options, logger: logger)
                let checks: [DoctorCheck]
                switch try global.storeChoice() {
                case .sqlite:
                    checks = try await doctor.examine()
                case .postgres(let location):
                    let opened: Result<any ArchiveStore, ArchiveError>
                    do {
                        opened = .success(try await StoreChoice.postgres(location).open(logger: logger, access: .read))
                    } catch let error as ArchiveError {
                        opened = .failure(error)
                    } catch {
                        opened = .failure(.database("\(error)"))
                    }
                    checks = await doctor.examine(shared: opened, location: location.description)
                }
                healthy = !checks.contains { $0.status == .problem }
                if format.json { return try Console.json(DoctorSummary(checks: checks, ok: healthy)) }
                for check in checks {
                    Console.out(
                        "\(check.status.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0))"
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
