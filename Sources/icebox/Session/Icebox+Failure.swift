import ArgumentParser
import Models

extension Icebox {
    /// Every message of a failure starts `icebox: `, ArgumentParser's own too (its default is `Error: `).
    static var _errorPrefix: String { "icebox: " }

    /// Parses and runs `arguments` as ArgumentParser's `main` does, with two differences: a mistake
    /// found while a command runs (a `ValidationError` from `run()`) shows that command's usage, where
    /// ArgumentParser shows the root's (`icebox <subcommand>`); and `help` with a topic that is not a
    /// command exits 64 instead of showing the root's help with 0.
    static func run(_ arguments: [String]) async {
        if let topic = unknownHelpTopic(arguments) {
            Console.err("icebox: no help for '\(topic)': there is no such command. See 'icebox --help'.")
            exit(withError: ExitCode(.usage))
        }
        if let unknown = unknownCommand(arguments) {
            Console.err("icebox: \(unknown)")
            exit(withError: ExitCode(.usage))
        }
        let parsed: any ParsableCommand
        do { parsed = try parseAsRoot(arguments) } catch { exit(withError: error) }
        var command = parsed
        do {
            if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error, in: type(of: parsed))
        }
    }

    /// Ends the process for `error`, thrown while `command` ran: a `ValidationError` with `command`'s
    /// own usage (`icebox search …`), anything else as ArgumentParser ends it.
    static func exit(withError error: any Error, in command: any ParsableCommand.Type) -> Never {
        guard let mistake = error as? ValidationError else { exit(withError: error) }
        let path = commandPath(to: command).joined(separator: " ")
        Console.err("icebox: \(mistake.message)")
        Console.err("Usage: \(usageString(for: command))")
        Console.err("  See '\(path) --help' for more information.")
        exit(withError: ExitCode(.usage))
    }

    /// The names from `icebox` down to `command` (`["icebox", "account", "add"]`).
    static func commandPath(to command: any ParsableCommand.Type) -> [String] {
        func search(_ node: any ParsableCommand.Type, _ path: [String]) -> [String]? {
            let here = path + [node._commandName]
            if ObjectIdentifier(node) == ObjectIdentifier(command) { return here }
            return node.configuration.subcommands.lazy.compactMap { search($0, here) }.first
        }
        return search(Icebox.self, []) ?? ["icebox", command._commandName]
    }

    /// The first word naming a command that its group does not have (`icebox serach coffee`, `icebox
    /// timeline ad home`), said with the command meant when it is near and where the group's help is;
    /// nil when the words name commands down to one that takes arguments. Stops at the first option,
    /// whose value could look like a word.
    static func unknownCommand(_ arguments: [String]) -> String? {
        var node: any ParsableCommand.Type = Icebox.self
        for name in arguments {
            let subcommands = node.configuration.subcommands
            guard !name.hasPrefix("-"), !subcommands.isEmpty, name != "help" else { return nil }
            let next = subcommands.first { $0._commandName == name || $0.configuration.aliases.contains(name) }
            guard let next else {
                let names = subcommands.map { $0._commandName }
                let path = commandPath(to: node).joined(separator: " ")
                return "unknown command '\(name)'.\(Mistyped.suggestion(for: name, among: names)) "
                    + "See '\(path) --help'."
            }
            node = next
        }
        return nil
    }

    /// The first name after `help` that is not a command there (`icebox help nosuch`), or nil.
    static func unknownHelpTopic(_ arguments: [String]) -> String? {
        guard arguments.first == "help" else { return nil }
        var node: any ParsableCommand.Type = Icebox.self
        for name in arguments.dropFirst() where !name.hasPrefix("-") {
            let next = node.configuration.subcommands.first {
                $0._commandName == name || $0.configuration.aliases.contains(name)
            }
            guard let next else { return name }
            node = next
        }
        return nil
    }
}
