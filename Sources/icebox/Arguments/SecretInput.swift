import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A secret read from standard input (`account add --token-stdin`). On a terminal it asks for it on
/// stderr and turns the terminal's echo off while it is typed, as `ssh` and `sudo` do, so the token never
/// shows on the screen or in a terminal's scrollback; from a pipe it reads the first line as it is.
enum SecretInput {
    static func readLine(prompt: String) -> String? {
        guard isatty(STDIN_FILENO) == 1 else { return Swift.readLine(strippingNewline: true) }
        // Echo off first, then the prompt: a token typed or pasted the moment the prompt shows must not
        // be echoed in the instant between them (a test typing at once saw it on the screen under load).
        // TCSANOW, not TCSAFLUSH: a token pasted before the prompt appeared is kept, not thrown away.
        var saved = termios()
        let hidden = tcgetattr(STDIN_FILENO, &saved) == 0
        if hidden {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            quiet.c_lflag |= tcflag_t(ECHONL)
            _ = tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
        }
        defer { if hidden { _ = tcsetattr(STDIN_FILENO, TCSANOW, &saved) } }
        FileHandle.standardError.write(Data(prompt.utf8))
        return Swift.readLine(strippingNewline: true)
    }
}
