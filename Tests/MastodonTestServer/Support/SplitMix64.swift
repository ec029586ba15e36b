/// A tiny, seedable pseudo-random generator (SplitMix64), so every corpus is reproducible from its seed.
///
/// Swift's own `SystemRandomNumberGenerator` is deliberately not used: the test server must produce the
/// same statuses, ids and faults for the same seed on every run and every platform.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<upperBound` (upperBound > 0).
    public mutating func int(_ upperBound: Int) -> Int {
        Int(next() % UInt64(max(upperBound, 1)))
    }

    /// A value in the closed range.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + int(range.upperBound - range.lowerBound + 1)
    }

    /// True with the given probability (0...1).
    mutating func chance(_ probability: Double) -> Bool {
        Double(next() >> 11) / Double(1 << 53) < probability
    }

    /// One element of a non-empty array.
    mutating func pick<T>(_ items: [T]) -> T { items[int(items.count)] }

    /// Up to `count` distinct elements, in a deterministic order.
    mutating func sample<T>(_ items: [T], count: Int) -> [T] {
        var pool = items
        var out: [T] = []
        while out.count < count, !pool.isEmpty {
            out.append(pool.remove(at: int(pool.count)))
        }
        return out
    }
}
