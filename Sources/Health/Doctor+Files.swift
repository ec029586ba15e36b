import Archive
import Foundation
import Models

#if canImport(Glibc)
import Glibc
#endif

extension Doctor {
    /// Files that hold secrets (tokens) or private traces (what was searched) are the owner's only.
    func fileModes() -> [DoctorCheck] {
        [(home.credentials, "the access tokens"), (home.replHistory, "what you typed in the REPL")].map { file, holds in
            let name = file.lastPathComponent
            var info = stat()
            guard lstat(file.path, &info) == 0 else { return DoctorCheck(name, .ok, "none yet") }
            let mode = info.st_mode & 0o777
            guard mode & 0o077 == 0 else {
                let who = mode & 0o007 != 0 ? "anyone on this machine" : "its group"
                return DoctorCheck(name, .problem, "\(file.path) holds \(holds) and is readable by \(who) "
                                   + "(mode \(String(mode, radix: 8))); run `chmod 600 \(file.path)`")
            }
            return DoctorCheck(name, .ok, "owner only (mode \(String(mode, radix: 8)))")
        }
    }

    /// `sync.lock` and `media.lock`: free, or held by a live process.
    func locks() -> [DoctorCheck] {
        [(home.syncLock, "sync lock"), (home.mediaLock, "media lock")].map { file, name in
            switch SyncLock.state(of: file) {
            case .absent: DoctorCheck(name, .ok, "free")
            case .free(let note):
                DoctorCheck(name, .ok, note.map { "free (a run that ended without clearing it left “\($0)”; harmless)" } ?? "free")
            case .held(let pid, let note): DoctorCheck(name, .ok, "held by a running process (\(note ?? "pid \(pid)"))")
            case .unknown(let note): DoctorCheck(name, .warning, "cannot tell whether it is held (\(note ?? "no note"))")
            }
        }
    }

    /// Free space on the archive's filesystem: a sync that cannot write stops.
    func diskSpace() -> DoctorCheck {
        var info = statvfs()
        guard statvfs(home.directory.path, &info) == 0 else {
            return DoctorCheck("disk", .warning, "cannot read the free space of \(home.directory.path)")
        }
        let free = Int64(info.f_bavail) * Int64(info.f_frsize)
        let text = ByteSize.text(free)
        if free < 100_000_000 { return DoctorCheck("disk", .problem, "only \(text) free on the archive's filesystem") }
        if free < 1_000_000_000 { return DoctorCheck("disk", .warning, "\(text) free on the archive's filesystem") }
        return DoctorCheck("disk", .ok, "\(text) free on the archive's filesystem")
    }
}
