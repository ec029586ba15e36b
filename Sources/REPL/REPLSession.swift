import ArchiveCore
import Export
import Foundation
import Logging
import Models
import Router

/// A REPL session over one archive: the navigation stack (Ice Cubes' routes, each with what its screen
/// showed), and the numbered list on screen. Each typed line goes to `execute(_:)`, which
/// returns what to show; the session never prints.
public struct REPLSession: Sendable {
    public let archive: any ArchiveStore
    let exporter: Exporter
    let logger: Logger
    /// Whether output may carry colour codes (a terminal on both ends).
    public var colour: Bool
    /// How many statuses a list shows.
    public var pageSize: Int

    /// The navigation stack, first pushed first: each route with what its screen showed; the last is
    /// on screen. One array, so a route and its screen are pushed, popped and redrawn together.
    var stack: [Visit] = []

    /// One step of the navigation: where the session went, and what it showed there.
    struct Visit: Sendable {
        let route: RouterDestination
        var screen: Screen
    }

    /// The routes pushed so far, as a `RouterPath`; the last is on screen.
    public var router: RouterPath { RouterPath(path: stack.map(\.route)) }

    /// What the screen on top shows; nil at the start.
    var top: Screen? { stack.last?.screen }

    /// What a screen showed, kept so that `open`, `thread`, `author` and `export` know what is on it.
    struct Screen: Sendable {
        /// The archive numbers listed on the page shown, in the order numbered; `nil` when the screen
        /// lists none.
        var listed: [Int64]?
        /// Where the list comes from, so `more`/`prev` can page it and `export` can write all of it.
        var source: ListSource?
        /// How many entries come before the page shown (so it is numbered from `offset + 1`), and how
        /// many the whole list holds.
        var offset = 0
        var total = 0
        /// The page's heading (without the range shown), and the words search results highlight.
        var heading = ""
        var words: [String] = []
        /// The status shown, for status screens.
        var status: Int64?
        /// Whether `thread` replaced the status with its conversation.
        var showsThread = false
    }

    /// A session on `archive`; `export` writes through `exporter`.
    public init(archive: any ArchiveStore, exporter: Exporter, logger: Logger, colour: Bool = false, pageSize: Int = 20)
    {
        self.archive = archive
        self.exporter = exporter
        self.logger = logger
        self.colour = colour
        self.pageSize = pageSize
    }

    /// The prompt: where the session is, as the last two screens' titles, and how far a longer list
    /// has been shown (`icebox search:swift (20 of 526)> `, `icebox search:swift › status 12> `).
    public var prompt: String {
        let titles = stack.map(\.route.title)
        guard !titles.isEmpty else { return "icebox> " }
        let shown = titles.suffix(2).joined(separator: " › ")
        var progress = ""
        if let screen = top, let listed = screen.listed, screen.total > listed.count {
            progress = " (\(screen.offset + listed.count) of \(screen.total))"
        }
        return "icebox " + (titles.count > 2 ? "… › " : "") + shown + progress + "> "
    }

    /// The archive numbers of the numbered list the user sees: the topmost screen's that has one.
    public var numbered: [Int64] {
        stack.last(where: { $0.screen.listed != nil })?.screen.listed ?? []
    }

    /// The number the first entry of ``numbered`` carries on screen, minus one.
    var numberedOffset: Int {
        stack.last(where: { $0.screen.listed != nil })?.screen.offset ?? 0
    }

    /// Runs one typed line. A blank line does nothing.
    public mutating func execute(_ line: String) async -> Reply {
        let command: REPLCommand?
        do {
            command = try REPLCommand(parsing: line)
        } catch {
            return .failed(error.description)
        }
        guard let command else { return Reply() }
        logger.debug("repl: \(command)")
        do {
            return try await run(command)
        } catch {
            logger.debug("repl: \(command) failed: \(error)")
            return .failed(String(describing: error).terminalSafeLine)
        }
    }

    /// Runs a parsed command.
    public mutating func run(_ command: REPLCommand) async throws -> Reply {
        switch command {
        case .search(let query): return try await go(to: .searchResults(query: query))
        case .open(let reference): return try await open(reference)
        case .thread: return try await showThread()
        case .author: return try await go(to: .accountDetail(id: try await currentAuthor()))
        case .tag(let name): return try await go(to: .hashTag(tag: name, account: nil))
        case .account(let typed): return try await go(to: .accountDetail(id: try await handle(typed)))
        case .timeline(let spec): return try await go(to: .pinnedTimeline(spec: spec))
        case .url(let text): return try await follow(text)
        case .following(let typed): return try await go(to: .following(id: try await ownHandle(typed)))
        case .followers(let typed): return try await go(to: .followers(id: try await ownHandle(typed)))
        case .conversations(let id?): return try await go(to: .conversationDetail(id: id))
        case .conversations(nil): return try await go(to: .pinnedTimeline(.conversations))
        case .back: return try await back()
        case .path:
            // The screens that led here, then this screen's address (the path `icebox serve` shows it at,
            // which `url` opens again).
            return stack.isEmpty
                ? Reply(note: "Nowhere yet: search, tag, account or url to start.")
                : Reply(output: router.breadcrumb + "\n" + (router.current?.path ?? ""))
        case .export(let file): return try await export(to: file)
        case .more: return try await page(by: 1)
        case .previous: return try await page(by: -1)
        case .versions: return try await versions()
        case .boosts: return try await boosts()
        case .boostedBy: return try await go(to: .rebloggedBy(id: String(try currentStatus(for: "boosted-by"))))
        case .favouritedBy:
            return try await go(to: .favoritedBy(id: String(try currentStatus(for: "favourited-by"))))
        case .notifications: return try await go(to: .pinnedTimeline(.notifications))
        case .media: return try await media()
        case .help: return Reply(output: REPLCommand.helpText)
        case .quit: return Reply(quit: true)
        }
    }

    /// Pushes `destination` and shows it; when it cannot be shown, the path is left as it was.
    mutating func go(to destination: RouterDestination) async throws -> Reply {
        let (reply, screen) = try await render(destination)
        stack.append(Visit(route: destination, screen: screen))
        return reply
    }

    /// Pops the top screen and shows the one below again.
    mutating func back() async throws -> Reply {
        guard stack.popLast() != nil else { throw REPLFailure("nothing to go back to") }
        guard let previous = stack.last else { return Reply(note: "Back at the start.") }
        if previous.screen.showsThread, let status = previous.screen.status {
            return try await threadReply(around: status).reply
        }
        if previous.screen.source != nil {
            // The page that was left, not the first one.
            let (reply, screen) = try await page(previous.screen)
            redraw(screen)
            return reply
        }
        let (reply, screen) = try await render(previous.route)
        redraw(screen)
        return reply
    }

    /// Keeps what the screen on top shows now (a page turned, a thread opened, a screen drawn again).
    mutating func redraw(_ screen: Screen) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].screen = screen
    }
}
