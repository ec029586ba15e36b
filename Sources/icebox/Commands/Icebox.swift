import ArgumentParser
import Importer
import MastodonAPI
import Transport

/// `icebox`: archive Mastodon timelines into a local full-text index.
@main
struct Icebox: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "icebox",
        abstract: "Archive Mastodon timelines into a local SQLite full-text index.",
        discussion: """
            Add an account, pin timelines, then run `icebox sync` (from cron or a systemd timer) to keep them. \
            The archive lives in --home, $ICEBOX_HOME, or $XDG_DATA_HOME/icebox (~/.local/share/icebox).
            """,
        version: IceboxVersion.string,
        subcommands: [
            Account.self, Timeline.self, Sync.self, Search.self, Show.self, Repl.self, Export.self, Stats.self,
            Notifications.self, Conversations.self, Config.self, Media.self, Unreadable.self, Doctor.self, Compact.self,
            Migrate.self,
            Watch.self,
            Import.self, Serve.self,
        ])

    static func main() async {
        let arguments = RecheckArgument.normalized(
            Array(CommandLine.arguments.dropFirst()), defaultDays: Rechecker.defaultDays)
        if let first = arguments.first, sharingOneHeap.contains(first) { shareOneHeap() }
        if let search = Search.parsedDirectly(arguments) {
            shareOneHeap()
            do { try await search.run() } catch { exit(withError: error, in: Search.self) }
            return
        }
        await run(arguments)
    }
}
