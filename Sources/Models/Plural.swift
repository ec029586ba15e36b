/// Counted nouns in English: "1 reply", "2 replies", "0 pages".
public enum Plural {
    /// `count` and the noun in the number it takes; the plural is the singular plus "s" unless given.
    public static func of(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }
}
