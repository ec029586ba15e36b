import ArchiveCore
import ArgumentParser
import Foundation
import Importer
import Models

extension Icebox {
    /// `icebox unreadable`: the statuses servers sent that Icebox could not read, kept with their bytes.
    struct Unreadable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unreadable",
            abstract: "List the statuses kept unreadable, read them again, or print one's bytes.",
            discussion: """
                A status a server sends that Icebox cannot read is kept exactly as served, with the server, \
                the timeline, the page and the reason, and the rest of its page is archived. Every sync first \
                reads again those an earlier Icebox failed on; `--retry` reads every one again now. None is \
                ever dropped: one that is read is archived and stays listed as archived.
                """)

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Read every kept status again now and archive those that can be read.")
        var retry = false

        @Option(
            help: ArgumentHelp(
                "Print the JSON of this kept status (its number in the list), as served.",
                valueName: "number"))
        var raw: Int64?

        @Flag(help: "List archived ones too.")
        var all = false

        @OptionGroup var format: ReportFormat

        func run() async throws {
            try await reportingFailures {
                let context = try await global.context(retry ? .existing : .reading)
                if retry {
                    let report = try await UnreadableRecovery(archive: context.store, logger: context.logger).run(
                        all: true)
                    if format.json { return try Console.json(report) }
                    return Console.out("\(report.archived) archived, \(report.stillUnreadable) still unreadable")
                }
                let kept = try await context.store.unreadableStatuses()
                if let raw {
                    guard let item = kept.first(where: { $0.id == raw }) else {
                        throw ArchiveError.notFound("kept unreadable status \(raw)")
                    }
                    return Console.out(String(decoding: item.raw, as: UTF8.self).terminalSafe)
                }
                let listed = all ? kept : kept.filter { $0.archivedAt == nil }
                if format.json { return try Console.json(listed) }
                if listed.isEmpty { return Console.out("No statuses kept unreadable.") }
                for item in listed {
                    var line = "\(item.id)  \(item.server)  id \(item.localID ?? "-")  \(item.lastSeenAt)"
                    if let archivedAt = item.archivedAt {
                        line += "  archived \(archivedAt) as #\(item.statusNumber ?? 0)"
                    }
                    Console.out(line.terminalSafe)
                    Console.out("    \(item.error)".terminalSafe)
                }
            }
        }
    }
}
