extension HTML {
    /// The two pieces of markup one after the other.
    public static func + (left: HTML, right: HTML) -> HTML {
        var joined = left
        joined.append(right)
        return joined
    }

    /// Appends `right` to `left`.
    public static func += (left: inout HTML, right: HTML) { left.append(right) }
}

extension Sequence<HTML> {
    /// The pieces one after the other, with `separator` (markup too) between each two.
    public func joined(separator: HTML = HTML()) -> HTML {
        var joined = HTML()
        for (index, piece) in enumerated() {
            if index > 0 { joined.append(separator) }
            joined.append(piece)
        }
        return joined
    }
}
