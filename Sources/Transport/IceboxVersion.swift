/// The version Icebox reports in its User-Agent, exports and `--version`.
public enum IceboxVersion {
    public static let string = "0.1.0"
}
