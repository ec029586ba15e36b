import Archive
import Foundation
import MediaArchive

extension Doctor {
    /// The database file (SQLite's own check) and its schema.
    func archiveFile(_ archive: ArchiveDatabase) async -> [DoctorCheck] {
        let check = options.full ? "integrity_check" : "quick_check"
        var checks: [DoctorCheck] = []
        do {
            let problems = try await archive.fileProblems(full: options.full)
            checks.append(problems.isEmpty
                ? DoctorCheck("archive", .ok, "\(home.database.path) is sound (\(check))")
                : DoctorCheck("archive", .problem, "\(home.database.path) is damaged (\(check)): "
                              + problems.prefix(3).joined(separator: "; ") + "; restore it from a backup"))
        } catch {
            checks.append(DoctorCheck("archive", .problem, "\(error)"))
        }
        do {
            let schema = try await archive.schemaState()
            if !schema.unknown.isEmpty {
                checks.append(DoctorCheck("schema", .problem, "written by a newer Icebox (\(schema.unknown.joined(separator: ", ")))"))
            } else if !schema.pending.isEmpty {
                checks.append(DoctorCheck("schema", .warning, "\(schema.pending.count) migrations pending; "
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
    func media(_ archive: ArchiveDatabase) async -> DoctorCheck {
        guard FileManager.default.fileExists(atPath: home.media.path) else {
            return DoctorCheck("media", .ok, "no files stored yet")
        }
        do {
            let store = try MediaStore(home: home, archive: archive, logger: logger)
            let report = try await store.verify(repair: false, sample: options.full ? nil : options.mediaSample)
            let scope = options.full ? "all \(report.checked) files" : "a sample of \(report.checked) files"
            guard report.problems.isEmpty else {
                return DoctorCheck("media", .problem, "\(report.problems.count) of \(scope) missing or corrupt, e.g. "
                                   + "\(report.problems[0].path); run `icebox media verify --repair`")
            }
            return DoctorCheck("media", .ok, report.checked == 0 ? "no files stored yet" : "\(scope) re-hashed, all sound")
        } catch {
            return DoctorCheck("media", .problem, "\(error)")
        }
    }
}
