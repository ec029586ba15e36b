import CLibEdit
import Foundation
import REPL

/// Ctrl-C in the interactive REPL: a flag that Ctrl-C sets (at a prompt, CLibEdit's key reader ends the
/// line; interrupts.c tells how), and a command raced against it.
enum Interrupts {
    /// From now on Ctrl-C sets the flag instead of ending the program.
    static func catchThem() { icebox_catch_interrupts() }

    /// Whether Ctrl-C was pressed since the last call.
    static func take() -> Bool { icebox_take_interrupt() != 0 }

    /// The terminal's width in columns (0 when `descriptor` is not a terminal).
    static func columns(of descriptor: Int32) -> Int { Int(icebox_terminal_columns(descriptor)) }

    /// Runs `command` on a copy of `session`; the changed copy and the reply, or `nil` when Ctrl-C came
    /// first (then the command is cancelled and the caller keeps `session` as it was).
    static func run(_ command: @escaping @Sendable (inout REPLSession) async -> Reply, on session: REPLSession) async
        -> (REPLSession, Reply)?
    {
        let (outcomes, continuation) = AsyncStream<(REPLSession, Reply)?>.makeStream()
        let work = Task {
            var copy = session
            let reply = await command(&copy)
            continuation.yield((copy, reply))
        }
        let watch = Task {
            while !Task.isCancelled {
                if take() {
                    continuation.yield(nil)
                    return
                }
                try? await Task.sleep(for: .milliseconds(20))
            }
        }
        var first: (REPLSession, Reply)?? = nil
        for await outcome in outcomes {
            first = outcome
            break
        }
        work.cancel()
        watch.cancel()
        continuation.finish()
        // A Ctrl-C that came as the command ended belongs to it, even when the watch had not seen it
        // yet: left set, it would drop the next line typed (the command printed only a note, so no
        // output line took it either).
        _ = take()
        return first ?? nil
    }
}
