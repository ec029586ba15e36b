import Testing

@testable import icebox

/// A progress line is cut to the terminal's width in columns, not characters: a wrapped line could
/// not be erased, and the next log line would be written into its second half.
@Suite struct ProgressLineWidthTests {
    @Test(arguments: [
        ("home (alice@icebox.test): 3 pages", 10, "home (alic"),
        ("tag:東京タワー: 3 pages", 10, "tag:東京タ"),
        ("東京東京東京", 5, "東京"),
        ("short", 80, "short"),
    ])
    func fitsTheColumns(_ text: String, _ columns: Int, _ fitted: String) {
        #expect(ProgressBoard.fit(text, columns: columns) == fitted)
    }
}
