import ArchiveCore
import Foundation
import Models

#if canImport(Glibc)
    import Glibc
#endif

extension Doctor {
    /// The archive folder is the user's own and nobody else's to read or write; files that hold secrets
    /// (tokens), private traces (what was searched) or the archive itself are the owner's only, and are
    /// files, not links.
    func fileModes() -> [DoctorCheck] {
        [folder()]
            + [
                (home.credentials, "the access tokens"), (home.replHistory, "what you typed in the REPL"),
                (home.database, "your archive"),
            ].map { file, holds in
                let name = file.lastPathComponent
                guard let access = FileAccess(path: file.path) else { return DoctorCheck(name, .ok, "none yet") }
                if access.isLink { return DoctorCheck(name, .problem, "\(file.path): " + FileAccess.linkReason) }
                if !access.isOwn {
                    return DoctorCheck(
                        name, .problem,
                        "\(file.path) holds \(holds) and belongs to uid \(access.owner), "
                            + "not to you (uid \(geteuid())); `chown \(geteuid()) \(file.path)`")
                }
                guard !access.othersMayRead else {
                    let who = access.mode & 0o007 != 0 ? "anyone on this machine" : "its group"
                    return DoctorCheck(
                        name, .problem,
                        "\(file.path) holds \(holds) and is readable by \(who) "
                            + "(mode \(access.octalMode)); run `chmod 600 \(file.path)`")
                }
                return DoctorCheck(name, .ok, "owner only (mode \(access.octalMode))")
            }
    }

    /// The archive folder: owned by this user, nobody else may write in it or read it.
    func folder() -> DoctorCheck {
        let path = home.directory.path
        guard let access = FileAccess(path: path, followingLinks: true) else {
            return DoctorCheck("folder", .ok, "\(path): none yet (the first command that writes makes it, mode 700)")
        }
        if let problem = access.folderProblem(path) { return DoctorCheck("folder", .problem, "\(path): \(problem)") }
        if access.othersMayRead {
            let who = access.mode & 0o005 != 0 ? "anyone on this machine" : "its group"
            return DoctorCheck(
                "folder", .problem,
                "\(path) holds the archive and tokens and \(who) may read it "
                    + "(mode \(access.octalMode)); run `chmod 700 \(path)` (any command that writes does it)")
        }
        return DoctorCheck("folder", .ok, "\(path) is yours, owner only (mode \(access.octalMode))")
    }

    /// `sync.lock` and `media.lock`: free, or held by a live process.
    func locks() -> [DoctorCheck] {
        [(home.syncLock, "sync lock"), (home.mediaLock, "media lock")].map { file, name in
            switch SyncLock.state(of: file) {
            case .absent: DoctorCheck(name, .ok, "free")
            case .free(let note):
                DoctorCheck(
                    name, .ok,
                    note.map { "free (a run that ended without clearing it left “\($0)”; harmless)" } ?? "free")
            case .held(let pid, let note): DoctorCheck(name, .ok, "held by a running process (\(note ?? "pid \(pid)"))")
            case .unknown(let note):
                DoctorCheck(name, .warning, "cannot tell whether it is held (\(note ?? "no note"))")
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
