import ArchiveCore
import ArgumentParser

extension Icebox {
    /// `icebox config`: the archive's settings.
    struct Config: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "config",
            abstract: "Show or change the archive's settings.",
            subcommands: [
                SearchConsent.self, Deletions.self, ConfigWARC.self, Graph.self, GraphEvery.self, Reactions.self,
            ])

        /// `icebox config search-consent [on|off]`.
        struct SearchConsent: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "search-consent",
                abstract: "Whether search and exports of sets leave out accounts that opted out of search.",
                discussion: """
                    on (the default): the posts of accounts with indexable: false, noindex: true, or #nobot or \
                    #nosearch in their bio are left out of search results and of exported searches and timelines, \
                    except posts you wrote, bookmarked, favourited, boosted or were mentioned in. They stay archived \
                    and are shown by number, URL or thread. off: for archives kept with the community's agreement \
                    or an ethics approval. Without a value, prints the setting.
                    """)

            @OptionGroup var global: GlobalOptions

            @Argument(help: "on or off.") var value: ConsentPolicy?

            func run() async throws {
                try await global.setting("search-consent", value) {
                    try await $0.consentPolicy()
                } write: {
                    try await $0.setConsentPolicy($1)
                }
            }
        }
    }
}

extension ConsentPolicy: ExpressibleByArgument {}
extension DeletionPolicy: ExpressibleByArgument {}
