/// `icebox sync --recheck[=DAYS]`: the argument parser has no option whose value may be left out, so a
/// bare `--recheck` of the sync command is given the default before parsing.
enum RecheckArgument {
    static func normalized(_ arguments: [String], defaultDays: Int) -> [String] {
        guard let sync = arguments.firstIndex(of: "sync") else { return arguments }
        var result = arguments
        for index in result.indices where index > sync && result[index] == "--recheck" {
            let next = index + 1 < result.count ? result[index + 1] : nil
            if next.flatMap(Int.init) == nil { result[index] = "--recheck=\(defaultDays)" }
        }
        return result
    }
}
