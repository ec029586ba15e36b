/// The path of an API request matched against a route's segments: a literal matches itself, `nil`
/// matches any one segment (the id a route takes).
struct APIRoute {
    let segments: [String]

    init(_ segments: [String]) { self.segments = segments }

    /// Whether the path is exactly these literal segments.
    func `is`(_ pattern: String...) -> Bool { segments == pattern }

    /// The one segment a `nil` in `pattern` stands for, when the path matches it.
    func value(_ pattern: String?...) -> String? {
        guard segments.count == pattern.count else { return nil }
        var captured: String?
        for (segment, part) in zip(segments, pattern) {
            if let part {
                guard segment == part else { return nil }
            } else {
                captured = segment
            }
        }
        return captured
    }
}
