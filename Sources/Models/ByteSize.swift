/// Sizes as people write them: "0 bytes", "1 byte", "912 bytes", "1.2 KB", "34 MB" (powers of 1000,
/// like `ls -h --si` and ByteCountFormatter's file style, without its "Zero KB").
public enum ByteSize {
    /// `bytes` in words.
    public static func text(_ bytes: Int64) -> String {
        if bytes < 1000 { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
        var value = Double(bytes)
        for unit in ["KB", "MB", "GB", "TB", "PB"] {
            value /= 1000
            if value < 999.95 || unit == "PB" {
                return value < 9.95 ? "\(rounded(value, digits: 1)) \(unit)" : "\(Int(value.rounded())) \(unit)"
            }
        }
        return "\(bytes) bytes"
    }

    private static func rounded(_ value: Double, digits: Int) -> String {
        let scaled = (value * 10).rounded() / 10
        return scaled == scaled.rounded() ? "\(Int(scaled))" : "\(scaled)"
    }
}
