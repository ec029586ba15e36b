import Foundation

/// One line typed at the REPL, parsed. Arguments are the rest of the line, so queries keep their
/// spaces and quotes (`search "exact phrase" from:@alice`).
public enum REPLCommand: Hashable, Sendable {
    /// `search <query>`: the archive's search language; numbered results.
    case search(String)
    /// `open <n>`: the n-th status of the list on screen; `open #1234`, a URL or a uri: that status.
    case open(String)
    /// `thread`: the conversation of the status on screen, numbered.
    case thread
    /// `author`: the archived posts of the author of the status on screen.
    case author
    /// `tag <name>`: archived posts with that hashtag (`#` optional).
    case tag(String)
    /// `account <user@host>`: that account's archived posts (`@` optional).
    case account(String)
    /// `timeline <spec>`: what a pinned timeline archived (`home`, `tag:swift`…).
    case timeline(String)
    /// `url <url>`: the status, profile or hashtag a web link names, as archived.
    case url(String)
    /// `following [user@host]`, `followers [user@host]`: whom one of the archive's accounts follows and
    /// who follows it (the relation ledger); the only account when none is given.
    case following(String?)
    case followers(String?)
    /// `conversations`: the direct-message conversations archived; `conversations <id>`: one of them,
    /// with its participants and the thread of its last status.
    case conversations(String?)
    /// `back`: the previous screen.
    case back
    /// `path`: the screens that led here.
    case path
    /// `export <file>`: the thread on screen, or every status of the list on screen, as a tarball.
    case export(String)
    /// `more` (or `next`): the next page of the list on screen; `prev`: the page before.
    case more
    case previous
    /// `versions`: the earlier versions of the edited status on screen, as archived.
    case versions
    /// `boosts`: who boosted the status on screen, as archived.
    case boosts
    /// `boosted-by`, `favourited-by`: who boosted or favourited the status on screen, as a screen of
    /// its own (the boosts archived, and its author's notifications).
    case boostedBy
    case favouritedBy
    /// `notifications`: the newest notifications archived (the pinned timeline `notifications`).
    case notifications
    /// `media`: where the media files of the status on screen are on disk.
    case media
    /// `help`: the commands.
    case help
    /// `quit` (or `exit`, or end of input).
    case quit

    /// A command line that is not a command, in words that name what is wrong.
    public struct Invalid: Error, Hashable, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Every command name, in the order `help` lists them.
    public static let names = [
        "search", "open", "thread", "author", "tag", "account", "timeline", "url", "following", "followers",
        "conversations", "more", "next", "prev", "versions", "boosts", "boosted-by", "favourited-by", "notifications",
        "media", "back", "path", "export",
        "help", "quit",
    ]

    /// The command on `line`; `nil` for a blank line.
    public init?(parsing line: String) throws(Invalid) {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        let name = String(trimmed.prefix { !$0.isWhitespace })
        let argument = trimmed.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
        func needs(_ what: String) throws(Invalid) -> String {
            guard !argument.isEmpty else { throw Invalid(description: "\(name) needs \(what)") }
            return argument
        }
        func none(_ command: REPLCommand) throws(Invalid) -> REPLCommand {
            guard argument.isEmpty else { throw Invalid(description: "\(name) takes no argument (got '\(argument)')") }
            return command
        }
        switch name.lowercased() {
        case "search": self = .search(try needs("a query, e.g. search sqlite from:@alice"))
        case "open": self = .open(try needs("a number from the list on screen, #NUMBER, a URL or a uri"))
        case "thread": self = try none(.thread)
        case "author": self = try none(.author)
        case "tag": self = .tag(Self.dropping("#", from: try needs("a hashtag")))
        case "account": self = .account(Self.dropping("@", from: try needs("a handle, user@host")))
        case "timeline": self = .timeline(try needs("a pinned timeline, e.g. home or tag:swift"))
        case "url": self = .url(try needs("a link to a status, profile or hashtag"))
        case "following": self = .following(argument.isEmpty ? nil : Self.dropping("@", from: argument))
        case "followers": self = .followers(argument.isEmpty ? nil : Self.dropping("@", from: argument))
        case "conversations": self = .conversations(argument.isEmpty ? nil : argument)
        case "more", "next": self = try none(.more)
        case "prev", "previous": self = try none(.previous)
        case "versions": self = try none(.versions)
        case "boosts": self = try none(.boosts)
        case "boosted-by", "reblogged-by": self = try none(.boostedBy)
        case "favourited-by", "favorited-by": self = try none(.favouritedBy)
        case "notifications": self = try none(.notifications)
        case "media": self = try none(.media)
        case "back": self = try none(.back)
        case "path": self = try none(.path)
        case "export": self = .export(Self.unquoted(try needs("a file to write, e.g. export thread.tar.gz")))
        case "help", "?": self = try none(.help)
        case "quit", "exit": self = try none(.quit)
        default:
            throw Invalid(description: "unknown command '\(name)' (type help for the list)")
        }
    }

    /// One leading `#` or `@` removed.
    private static func dropping(_ prefix: Character, from text: String) -> String {
        text.first == prefix ? String(text.dropFirst()) : text
    }

    /// A path without the quotes around it, if it has them (`"my file.tar.gz"`).
    private static func unquoted(_ text: String) -> String {
        for quote in ["\"", "'"] where text.count >= 2 && text.hasPrefix(quote) && text.hasSuffix(quote) {
            return String(text.dropFirst().dropLast())
        }
        return text
    }

    /// What `help` prints: each command with what it does.
    public static let helpText = """
        search <query>     search the archive (from:@user, has:image, "a phrase"…); numbered results
        open <n>           the n-th status listed on screen (open #1234, a URL or a uri: that status)
        thread             the conversation of the status on screen, numbered
        author             the archived posts of the status's author
        tag <name>         archived posts with that hashtag
        account <handle>   an account's archived posts (user@host; a username alone when unique)
        timeline <spec>    what a pinned timeline archived (home, local, tag:swift…)
        url <url>          the status, profile or hashtag a link names, as archived; or an address that
                           path prints (/statuses/12, also as icebox serve shows it)
        following [handle] whom one of your accounts follows, with ended follows (the only one by default)
        followers [handle] who follows one of your accounts, with those who stopped
        conversations [id] the direct-message conversations archived; with an id, one of them and its thread
        more               the next page of the list on screen (also: next)
        next               the same as more
        prev               the previous page of the list on screen
        versions           the earlier versions of the edited status on screen
        boosts             who boosted the status on screen (as archived)
        boosted-by         the same, as a screen of its own (back returns)
        favourited-by      who favourited the status on screen (from its author's notifications)
        notifications      the newest notifications archived (icebox timeline add notifications)
        media              where the status's media files are on disk
        back               the previous screen
        path               the screens that led here, and this screen's address
        export <file>      the thread on screen, or every status of the list: .tar.gz, .tar.zst or .tar
        help               this list
        quit               leave (also exit, or Ctrl-D); Ctrl-C cancels the line or the command
        TAB completes commands, @handles, #tags, timelines and conversations; ↑ recalls earlier lines.
        """
}
