import Foundation

/// A navigation stack of screens, as in Ice Cubes: front ends push destinations and pop back.
/// A value type; a front end owns one per window, tab or REPL session, and can save it (Codable).
public struct RouterPath: Sendable, Codable, Hashable {
    /// The screens, first pushed first; the last is on screen.
    public private(set) var path: [RouterDestination]

    public init(path: [RouterDestination] = []) {
        self.path = path
    }

    /// The screen on top, or `nil` when nothing has been pushed.
    public var current: RouterDestination? { path.last }

    /// Whether nothing has been pushed.
    public var isEmpty: Bool { path.isEmpty }

    /// Pushes `destination`, even when it is already on top (as Ice Cubes does).
    public mutating func navigate(to destination: RouterDestination) {
        path.append(destination)
    }

    /// Pops the top screen and returns the new top: `nil` when the stack is now empty, or was already.
    @discardableResult
    public mutating func back() -> RouterDestination? {
        _ = path.popLast()
        return path.last
    }

    /// The stack as one readable line, first screen first: `search:swift › status 123 › @alice@example.social`.
    /// Empty when nothing has been pushed.
    public var breadcrumb: String {
        path.map(\.title).joined(separator: " › ")
    }

    /// Resolves `url` (no network) and, when it names a route, navigates there. The path is left
    /// unchanged when it does not; the result says why.
    @discardableResult
    public mutating func handle(url: URL) -> URLResolution {
        let resolution = RouterDestination.resolution(for: url)
        if let destination = resolution.destination { navigate(to: destination) }
        return resolution
    }
}
