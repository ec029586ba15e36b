import ArchiveCore
import ArgumentParser

extension Icebox.Config {
    /// `icebox config graph [on|off]`.
    struct Graph: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Whether a sync walks each account's follows, followers, mutes, blocks and domain blocks.",
            discussion: """
                on (the default): after the timelines, each account's relations are read page by page (within \
                what the timelines left of the rate budget) at most once per `icebox config graph-every`, and \
                kept as a ledger: when each was first seen and when it ended. off: none are read; what was \
                archived stays. Without a value, prints the setting.
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "on or off.") var value: OnOff?

        func run() async throws {
            try await global.setting("graph", value) {
                try await $0.walksRelations() ? .on : .off
            } write: {
                try await $0.setWalksRelations($1 == .on)
            }
        }
    }

    /// `icebox config graph-every [DURATION]`.
    struct GraphEvery: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "graph-every",
            abstract: "The least time between two walks of an account's relations (default 24h).",
            discussion: """
                A duration: seconds, or a number with s, m, h or d (90m, 24h, 7d); 0 walks on every sync. A \
                walk cut short goes on at the next sync whatever this says. Without a value, prints the setting.
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "A duration such as 24h.") var value: WalkInterval?

        func run() async throws {
            try await global.setting("graph-every", value) {
                WalkInterval(seconds: try await $0.relationWalkInterval())
            } write: {
                try await $0.setRelationWalkInterval($1.seconds)
            }
        }
    }
}

/// `on` or `off`.
enum OnOff: String, ExpressibleByArgument {
    case on, off
}

/// A duration as `config graph-every` reads and prints it: `90`, `90s`, `30m`, `24h`, `7d`.
struct WalkInterval: RawRepresentable, ExpressibleByArgument {
    let seconds: Double

    init(seconds: Double) { self.seconds = seconds }

    init?(rawValue: String) {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        var text = rawValue.trimmingCharacters(in: .whitespaces).lowercased()
        var unit = 1.0
        if let last = text.last, let scale = units[last] {
            unit = scale
            text.removeLast()
        }
        // Up to ten years: a bound that keeps the arithmetic and the stored text sane.
        guard let number = Double(text), number.isFinite, number >= 0, number * unit <= 315_360_000 else { return nil }
        seconds = number * unit
    }

    init?(argument: String) { self.init(rawValue: argument) }

    var rawValue: String {
        let whole = Int(seconds)
        for (suffix, unit) in [("d", 86_400), ("h", 3600), ("m", 60)] where whole >= unit && whole % unit == 0 {
            return "\(whole / unit)\(suffix)"
        }
        return "\(whole)s"
    }
}
