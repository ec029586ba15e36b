import Foundation

/// A conversation as the archive holds it: the topmost archived ancestor of a status and every
/// archived reply below it, as a tree.
public struct ThreadTree: Sendable, Hashable {
    package init(root: Int64, focus: Int64, rootIsReply: Bool, nodes: [Node]) {
        self.root = root
        self.focus = focus
        self.rootIsReply = rootIsReply
        self.nodes = nodes
    }

    /// One status of the conversation and its place in the tree.
    public struct Node: Sendable, Hashable {
        package init(number: Int64, depth: Int, parent: Int64?) {
            self.number = number
            self.depth = depth
            self.parent = parent
        }

        /// The archive's number for the status.
        public var number: Int64
        /// 0 for the root, 1 for its replies, and so on.
        public var depth: Int
        /// The status this one replies to; `nil` for the root.
        public var parent: Int64?
    }

    /// The topmost archived ancestor. When the real root was never archived, this is the highest
    /// status the archive has; `rootIsReply` then says so.
    public var root: Int64
    /// The status the thread was asked for.
    public var focus: Int64
    /// Whether `root` itself replies to a status the archive does not hold.
    public var rootIsReply: Bool
    /// Every status of the conversation in conversation order: depth first, each status's replies
    /// oldest first (ties by archive number), so a reply always follows its parent.
    public var nodes: [Node]

    /// The numbers of `nodes`, in order.
    public var numbers: [Int64] { nodes.map(\.number) }
}
