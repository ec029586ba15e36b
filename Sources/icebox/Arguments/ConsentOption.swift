import ArchiveCore
import ArgumentParser

/// `--all`: for one search or export of a set, also the posts of accounts that opted out of search.
struct ConsentOption: ParsableArguments {
    @Flag(
        help: ArgumentHelp(
            "Also posts of accounts that opted out of search (indexable: false, noindex, #nobot, #nosearch).",
            discussion: "By default they are left out unless you wrote, bookmarked, favourited or boosted them or were "
                + "mentioned in them; `icebox config search-consent off` changes the default for the archive."))
    var all = false

    /// The policy for this command: off with `--all`, else the archive's setting.
    func policy(_ archive: any ArchiveStore) async throws -> ConsentPolicy {
        all ? .off : try await archive.consentPolicy()
    }

    /// Says on stderr how many statuses the policy left out of an export, so that "Exported 11 statuses"
    /// is not read as all there were (nothing when none was).
    static func noteLeftOut(_ count: Int) {
        guard count > 0 else { return }
        Console.err(
            "icebox: \(count) more \(count == 1 ? "status was" : "statuses were") left out: \(count == 1 ? "its author" : "their authors") "
                + "opted out of search (--all includes them)")
    }
}
