import ArgumentParser
import Foundation

/// `--wait`, `--quiet` and `--json`, as the commands that archive for minutes under the archive's locks
/// (`sync`, `media fetch`) read them: what a run does when another holds the lock, what it shows while
/// it works, and what it prints when it is done.
struct RunFlags: ParsableArguments {
    @Flag(help: "Wait for another sync of this archive to finish instead of exiting with 75.")
    var wait = false

    @Flag(name: .shortAndLong, help: "Print nothing unless something failed (for cron).")
    var quiet = false

    @OptionGroup var format: ReportFormat

    /// Whether the run draws live progress on stderr: neither with `--quiet` nor with `--json`, and only
    /// where `global` allows escape sequences there.
    func live(_ global: GlobalOptions) -> Bool {
        !quiet && !format.json && global.escapes(on: STDERR_FILENO)
    }
}
