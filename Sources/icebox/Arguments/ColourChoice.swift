import ArgumentParser

/// `--color auto|always|never`.
enum ColourChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never

    /// `always` and `never` decide; `auto` allows escape sequences on a terminal, unless `NO_COLOR`
    /// is set to anything (no-color.org) or `TERM` is `dumb`.
    func allows(terminal: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .always: true
        case .never: false
        case .auto: terminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        }
    }
}
