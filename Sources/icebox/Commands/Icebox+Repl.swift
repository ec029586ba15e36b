import ArchiveCore
import ArgumentParser
import Display
import Export
import Foundation
import MastodonAPI
import Models
import REPL
import Transport

extension Icebox {
    /// `icebox repl`: browse the archive by moving between screens, as an app does.
    struct Repl: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "repl",
            abstract: "Browse the archive: searches, statuses, threads, authors, tags.",
            discussion: """
                Type help for the commands. On a terminal, lines can be edited (emacs keys, \
                arrows), ↑ recalls earlier ones (kept in repl_history in the archive folder), \
                TAB completes commands, @handles, #tags and timelines, output is folded to the \
                terminal's width, and Ctrl-C cancels the line being typed or the command running.

                With standard input not a terminal, commands are read one a line with no \
                prompt or colour, and the exit status is 1 when any of them failed.
                """)

        @OptionGroup var global: GlobalOptions

        @Option(help: "How many statuses a list shows at a time (more shows the next ones).")
        var pageSize = 20

        func validate() throws { try OptionRange.check("--page-size", pageSize, in: 1...10_000) }

        func run() async throws {
            try await reportingFailures {
                let context = try await global.context(.reading)
                let interactive = Console.stdinIsTerminal
                let exporter = Exporter(
                    archive: context.store, home: context.home, version: IceboxVersion.string, logger: context.logger)
                var session = REPLSession(
                    archive: context.store, exporter: exporter, logger: context.logger,
                    colour: interactive && global.escapes(on: STDOUT_FILENO), pageSize: pageSize)
                if interactive {
                    try await runInteractive(&session, home: context.home)
                } else if try await !runScript(&session) {
                    throw ExitCode(ExitStatus.failure)
                }
            }
        }

        /// How many conversations' ids, the newest, `conversations <TAB>` offers.
        static let completedConversations = 1_000

        /// Prompts on a terminal until `quit` or Ctrl-D. Ctrl-C cancels the line being typed, or the
        /// command running (its output stops; where the session stood is kept), and prompts again.
        private func runInteractive(_ session: inout REPLSession, home: IceboxHome) async throws {
            let completer = Completer(
                handles: try await session.archive.authorHandles(),
                tags: try await session.archive.tagNames(),
                timelines: try await session.archive.timelines().map(\.spec),
                conversations: try await session.archive.conversations(of: nil, limit: Self.completedConversations)
                    .map(\.id))
            var editor = LineEditor(history: REPLHistory(file: home.replHistory), completer: completer)
            Console.err("Icebox \(home.directory.path). Type help for the commands, quit to leave.")
            Interrupts.catchThem()
            while true {
                let line = editor.readLine(prompt: session.prompt)
                // Ctrl-C ends the line being typed with no line (see CLibEdit/interrupts.c): it is dropped,
                // and a fresh prompt follows. A whole line with the flag set came after a SIGINT that the
                // key reader had not looked for yet (a Ctrl-C as the prompt was drawn, with the keys typed
                // after it already waiting): that Ctrl-C met an empty prompt, and the line typed after it
                // runs (issue 28: the line after a Ctrl-C was dropped under load).
                let interrupted = Interrupts.take()
                if interrupted, line == nil {
                    Console.outSanitized("")  // the line typed so far is dropped; a fresh prompt
                    continue
                }
                guard let line else { break }
                guard let (after, reply) = await Interrupts.run({ session in await session.execute(line) }, on: session)
                else {
                    Console.err("\ninterrupted")
                    continue
                }
                session = after
                if showInteractive(reply) { return }
            }
            Console.outSanitized("")
        }

        /// Prints a reply folded to the terminal's width (read again for every reply, so a resized window
        /// is honoured), line by line so that Ctrl-C stops a long listing; whether the session is over.
        private func showInteractive(_ reply: Reply) -> Bool {
            let columns = Interrupts.columns(of: STDOUT_FILENO)
            let output = columns > 0 ? TextWrap.wrap(reply.output, width: columns) : reply.output
            if !output.isEmpty {
                for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
                    if Interrupts.take() {
                        Console.err("\ninterrupted")
                        break
                    }
                    Console.outSanitized(String(line))
                }
            }
            if let note = reply.note { Console.err(note) }
            if let failure = reply.failure { Console.err("icebox: " + failure) }
            return reply.quit
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
