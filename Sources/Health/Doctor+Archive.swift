import ArchiveCore
import Foundation
import MediaArchive

extension Doctor {
    /// The store's own check (SQLite's of its file), its schema, and what weakens it without damage.
    func archiveFile(_ archive: any ArchiveStore) async -> [DoctorCheck] {
        var checks: [DoctorCheck] = []
        do {
            let found = try await archive.healthCheck(full: options.full)
            // SQLite may give its findings as one row of many lines: each line is one finding, and a
            // few of them say enough (the rest would bury the advice in one very long line).
            let findings = found.problems.flatMap { $0.split(separator: "\n").map(String.init) }
            let more = findings.count > 3 ? " and \(findings.count - 3) more" : ""
            checks.append(
                findings.isEmpty
                    ? DoctorCheck("archive", .ok, "\(archive.location) is sound (\(found.method))")
                    : DoctorCheck(
                        "archive", .problem,
                        "\(archive.location) is damaged (\(found.method)): "
                            + findings.prefix(3).joined(separator: "; ") + more + "; restore it from a backup"))
        } catch {
            checks.append(DoctorCheck("archive", .problem, "\(error)"))
        }
        do {
            checks += try await archive.healthWarnings().map { DoctorCheck("store", .warning, $0) }
        } catch {
            checks.append(DoctorCheck("store", .problem, "\(error)"))
        }
        do {
            let schema = try await archive.schemaState()
            if !schema.unknown.isEmpty {
                checks.append(
                    DoctorCheck(
                        "schema", .problem, "written by a newer Icebox (\(schema.unknown.joined(separator: ", ")))"))
            } else if !schema.pending.isEmpty {
                checks.append(
                    DoctorCheck(
                        "schema", .warning,
                        "\(schema.pending.count) migrations pending; "
                            + "the next command with write access applies them"))
            } else {
                checks.append(DoctorCheck("schema", .ok, "current (\(schema.applied.last ?? "none"))"))
            }
        } catch {
            checks.append(DoctorCheck("schema", .problem, "\(error)"))
        }
        return checks
    }

    /// A sample of the media files re-hashed (all with `full`).
    func media(_ archive: any ArchiveStore) async -> DoctorCheck {
        guard FileManager.default.fileExists(atPath: home.media.path) else {
            return DoctorCheck("media", .ok, "no files stored yet")
        }
        do {
            let store = try MediaStore(home: home, archive: archive, logger: logger)
            let report = try await store.verify(repair: false, sample: options.full ? nil : options.mediaSample)
            let scope = options.full ? "all \(report.checked) files" : "a sample of \(report.checked) files"
            guard report.problems.isEmpty else {
                return DoctorCheck(
                    "media", .problem,
                    "\(report.problems.count) of \(scope) missing or corrupt, e.g. "
                        + "\(report.problems[0].path); run `icebox media verify --repair`")
            }
            return DoctorCheck(
                "media", .ok, report.checked == 0 ? "no files stored yet" : "\(scope) re-hashed, all sound")
        } catch {
            return DoctorCheck("media", .problem, "\(error)")
        }
    }
}
