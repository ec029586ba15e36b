import Archive
import ArgumentParser
import Export
import Foundation
import Models
import MastodonAPI
import REPL

extension Icebox {
    /// `icebox repl`: browse the archive by moving between screens, as an app does.
    struct Repl: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "repl",
            abstract: "Browse the archive: searches, statuses, threads, authors, tags.",
            discussion: """
                Type help for the commands. On a terminal, lines can be edited (emacs keys, \
                arrows), ↑ recalls earlier ones (kept in repl_history in the archive folder) \
                and TAB completes commands, @handles and #tags.

                With standard input not a terminal, commands are read one a line with no \
                prompt or colour, and the exit status is 1 when any of them failed.
                """)

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await reportingFailures {
                let (home, archive, _, logger) = try await global.openArchiveForReading()
                let interactive = Console.stdinIsTerminal
                let exporter = Exporter(archive: archive, home: home, version: IceboxVersion.string, logger: logger)
                var session = REPLSession(archive: archive, exporter: exporter, logger: logger, colour: interactive && global.escapes(on: STDOUT_FILENO))
                if interactive {
                    try await runInteractive(&session, home: home)
                } else if try await !runScript(&session) {
                    throw ExitCode(ExitStatus.failure)
                }
            }
        }

        /// Prompts on a terminal until `quit` or Ctrl-D.
        private func runInteractive(_ session: inout REPLSession, home: IceboxHome) async throws {
            let completer = Completer(handles: try await session.archive.authorHandles(),
                                      tags: try await session.archive.tagNames())
            var editor = LineEditor(history: REPLHistory(file: home.replHistory), completer: completer)
            Console.err("Icebox \(home.directory.path). Type help for the commands, quit to leave.")
            while let line = editor.readLine(prompt: session.prompt) {
                if show(await session.execute(line), line: nil) { return }
            }
            Console.outSanitized("")
        }

        /// Runs every line of standard input; whether all of them succeeded.
        private func runScript(_ session: inout REPLSession) async throws -> Bool {
            var succeeded = true
            var number = 0
            while let line = readLine() {
                number += 1
                let reply = await session.execute(line)
                if reply.failure != nil { succeeded = false }
                if show(reply, line: number) { break }
            }
            return succeeded
        }

        /// Prints a reply; whether the session is over. Failures name the script line when there is one.
        private func show(_ reply: Reply, line: Int?) -> Bool {
            if !reply.output.isEmpty { Console.outSanitized(reply.output) }
            if let note = reply.note { Console.err(note) }
            if let failure = reply.failure { Console.err("icebox: " + (line.map { "line \($0): " } ?? "") + failure) }
            return reply.quit
        }
    }
}
