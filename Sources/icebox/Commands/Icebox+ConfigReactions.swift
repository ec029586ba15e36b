import ArchiveCore
import ArgumentParser

extension Icebox.Config {
    /// `icebox config reactions [on|off]`.
    struct Reactions: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Whether a sync asks who favourited and boosted your own posts whose counts changed.",
            discussion: """
                off (the default): who favourited and boosted a post of yours comes from your notifications \
                (icebox timeline add notifications). on: after the timelines and the relation walk (within what \
                they left of the rate budget), each account's own server is asked (favourited_by, reblogged_by) \
                about the account's own posts whose favourites or boosts count changed since it was last asked \
                (the counts as a sync last read the post: when first archived, and with sync --recheck), and the \
                accounts it names are kept beside the notifications'. A post whose counts have not moved costs no \
                request. Without a value, prints the setting.
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "on or off.") var value: OnOff?

        func run() async throws {
            try await global.setting("reactions", value) {
                try await $0.asksReactions() ? .on : .off
            } write: {
                try await $0.setAsksReactions($1 == .on)
            }
        }
    }
}
