import ArchiveCore
import ArgumentParser

extension Icebox.Config {
    /// `icebox config deletions [keep|redact]`.
    struct Deletions: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "deletions",
            abstract: "Whether posts deleted on their server stay whole (keep) or only as a tombstone (redact).",
            discussion: """
                keep (the default): a deleted post stays archived, marked with when and how its deletion was \
                learned (a delete event of `icebox watch`, `icebox sync --recheck`, a thread fetched by \
                `icebox export --fetch`). redact: its text, its JSON's content, its full-text index entries \
                and its media links are removed (and those of boosts of it), at once for the posts already \
                marked and from then on for every new one; a tombstone with its uri, author and dates stays. \
                Its files go with the next `icebox media gc`. Without a value, prints the setting.
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "keep or redact.") var value: DeletionPolicy?

        func run() async throws {
            try await global.setting("deletions", value) {
                try await $0.deletionPolicy()
            } write: {
                try await $0.setDeletionPolicy($1)
            }
        }
    }
}
