import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An IPv4 or IPv6 address and what kind of network it belongs to.
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// 4 or 16 bytes.
    public let bytes: [UInt8]

    /// An IPv4 address from its 4 bytes.
    public init(v4: [UInt8]) { bytes = v4 }
    /// An IPv6 address from its 16 bytes.
    public init(v6: [UInt8]) { bytes = v6 }

    /// The address a socket address holds; nil for other families.
    public init?(_ address: UnsafeMutablePointer<sockaddr>?) {
        guard let address else { return nil }
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            let raw = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr.s_addr }
            bytes = withUnsafeBytes(of: raw) { Array($0) }
        case AF_INET6:
            let raw = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
            bytes = withUnsafeBytes(of: raw) { Array($0) }
        default:
            return nil
        }
    }

    /// Why the address is not public ("loopback", "private"…), or "public".
    public var kind: String {
        if bytes.count == 4 { return Self.kind(v4: bytes) }
        let b = bytes
        if b.allSatisfy({ $0 == 0 }) { return "unspecified" }
        if b[0..<15].allSatisfy({ $0 == 0 }) && b[15] == 1 { return "loopback" }
        // ::ffff:a.b.c.d (v4-mapped), ::a.b.c.d (v4-compatible), 64:ff9b::a.b.c.d (NAT64): the v4 inside decides.
        if b[0..<10].allSatisfy({ $0 == 0 }) && b[10] == 0xFF && b[11] == 0xFF { return Self.kind(v4: Array(b[12...])) }
        if b[0..<12].allSatisfy({ $0 == 0 }) { return Self.kind(v4: Array(b[12...])) }
        if b[0..<12] == [0x00, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0] { return Self.kind(v4: Array(b[12...])) }
        if b[0] == 0xFE && b[1] & 0xC0 == 0x80 { return "link-local" }
        if b[0] == 0xFE && b[1] & 0xC0 == 0xC0 { return "site-local" }
        if b[0] & 0xFE == 0xFC { return "private (unique local)" }
        if b[0] == 0xFF { return "multicast" }
        if b[0] == 0x20 && b[1] == 0x01 && b[2] == 0x0D && b[3] == 0xB8 { return "documentation" }
        return "public"
    }

    /// Whether the address is on the public internet.
    public var isPublic: Bool { kind == "public" }

    private static func kind(v4 b: [UInt8]) -> String {
        switch (b[0], b[1]) {
        case (0, _): return "unspecified"
        case (10, _), (172, 16...31), (192, 168): return "private"
        case (100, 64...127): return "shared (carrier-grade NAT)"
        case (127, _): return "loopback"
        case (169, 254): return "link-local"
        case (192, 0) where b[2] == 0: return "reserved (IETF protocol assignments)"
        case (198, 18...19): return "reserved (benchmarking)"
        case (224...239, _): return "multicast"
        case (240...255, _): return "reserved"
        default: return "public"
        }
    }

    public var description: String {
        if bytes.count == 4 { return bytes.map(String.init).joined(separator: ".") }
        var words: [String] = []
        for index in stride(from: 0, to: 16, by: 2) {
            words.append(String(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]), radix: 16))
        }
        return words.joined(separator: ":")
    }
}
