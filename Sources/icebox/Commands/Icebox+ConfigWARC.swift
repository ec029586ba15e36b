import ArchiveCore
import ArgumentParser
import Foundation

/// The `config warc` setting: the folder `sync` and `watch` write WARC files to without `--warc`.
struct WARCSetting: RawRepresentable, ExpressibleByArgument {
    static let name = "warc"
    /// An absolute path, or `off`.
    var rawValue: String

    init(rawValue: String) { self.rawValue = rawValue }

    init?(argument: String) {
        guard !argument.isEmpty else { return nil }
        rawValue = argument == "off" ? "off" : URL(fileURLWithPath: argument).standardizedFileURL.path
    }
}

extension Icebox.Config {
    /// `icebox config warc [FOLDER|off]`.
    struct ConfigWARC: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "warc",
            abstract: "The folder sync and watch write WARC files to when no --warc is given (off: none).",
            discussion: """
                Every HTTP exchange of a sync or watch is then kept as WARC/1.1 request and response records, so \
                cron jobs need no flag (docs/warc.md). Without a value, prints the setting.
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "A folder, or off.") var value: WARCSetting?

        func run() async throws {
            try await global.setting(WARCSetting.name, value) {
                WARCSetting(rawValue: try await $0.setting(WARCSetting.name).flatMap { $0.isEmpty ? nil : $0 } ?? "off")
            } write: {
                try await $0.setSetting(WARCSetting.name, $1.rawValue == "off" ? "" : $1.rawValue)
            }
        }
    }
}
