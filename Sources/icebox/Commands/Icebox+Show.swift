import ArchiveCore
import ArgumentParser
import Display
import Foundation

extension Icebox {
    /// `icebox show`: one status in full.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show one archived status in full: text, media, poll, card, edits and its place in a thread.")

        @OptionGroup var global: GlobalOptions

        @OptionGroup var status: StatusArgument

        @Flag(help: "Print the status JSON exactly as the server sent it.")
        var raw = false

        func run() async throws {
            try await reportingFailures {
                let context = try await global.context(.queryOnly)
                let archived = try await context.store.status(number: status.number(in: context.store))
                if raw {
                    Console.outBytes(archived.raw + Data("\n".utf8))
                    return
                }
                Console.out(try StatusPrinter(archived: archived).text)
            }
        }
    }
}
