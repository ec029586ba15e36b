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

        @Argument(help: "The status: its number in search results, a URL, a uri, or a server's id for it.")
        var status: String

        @Flag(help: "Print the status JSON exactly as the server sent it.")
        var raw = false

        func run() async throws {
            try await reportingFailures {
                let context = try await global.context(.queryOnly)
                guard let number = try await StatusReference.resolve(status, in: context.store) else {
                    throw ArchiveError.notFound("\(status)")
                }
                let archived = try await context.store.status(number: number)
                if raw {
                    Console.outBytes(archived.raw + Data("\n".utf8))
                    return
                }
                Console.out(try StatusPrinter(archived: archived).text)
            }
        }
    }
}
