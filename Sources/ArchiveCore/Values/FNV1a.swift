/// 64-bit FNV-1a: cheap, and the same in every run and on every machine, so what one run keys by it
/// (a migration's checksum, a stored account object) the next run finds. Not a defence against anyone
/// choosing colliding bytes: each use compares the bytes themselves too, or keys only text it wrote.
package enum FNV1a {
    /// The hash of `bytes`, over the buffer at once (a sequence's own iterator costs a call per byte).
    package static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
