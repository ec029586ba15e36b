import Foundation
import SearchQuery
import Testing

@Suite struct QueryParsingTests {
    @Test func wordsPhrasesExclusionsOrAndPrefixes() throws {
        let query = try SearchQuery(parsing: #"café "tour Eiffel" -rain sun OR moon caf* +must “curly phrase”"#)
        #expect(
            query.clauses == [
                .init([.word("café", prefix: false)]),
                .init([.phrase(["tour", "Eiffel"])]),
                .init([.word("rain", prefix: false)], negated: true),
                .init([.word("sun", prefix: false), .word("moon", prefix: false)]),
                .init([.word("caf", prefix: true)]),
                .init([.word("must", prefix: false)]),
                .init([.phrase(["curly", "phrase"])]),
            ])
        #expect(query.filters.isEmpty)
    }

    @Test func everyOperatorAndItsNegation() throws {
        let query = try SearchQuery(
            parsing:
                "from:me -from:following from:@following -from:@bob from:@alice@example.social has:image -has:media is:reply -is:boost language:JA "
                + "before:2026-03-01 after:2026-01-31 during:2026-02-10 in:tag:swift account:alice@icebox.test")
        let day = { (text: String) throws -> Date in try #require(SearchQuery.day(text) as Date?) }
        #expect(
            query.filters == [
                .init(.fromMe), .init(.fromFollowing, negated: true), .init(.from(user: "following", host: nil)),
                .init(.from(user: "bob", host: nil), negated: true),
                .init(.from(user: "alice", host: "example.social")), .init(.has(.image)),
                .init(.has(.media), negated: true),
                .init(.isA(.reply)), .init(.isA(.boost), negated: true), .init(.language("ja")),
                .init(.before(try day("2026-03-01"))), .init(.after(try day("2026-01-31"))),
                .init(.during(try day("2026-02-10"))),
                .init(.inTimeline("tag:swift")), .init(.account("alice@icebox.test")),
            ])
        #expect(query.clauses.isEmpty)
    }

    @Test func unknownOperatorsArePlainTextAsOnMastodon() throws {
        let query = try SearchQuery(parsing: "note:hello https://example.com/x")
        #expect(query.filters.isEmpty)
        #expect(query.clauses.count == 2)
    }

    @Test(arguments: [
        (#""unbalanced phrase"#, "unbalanced quote"), ("has:banana", "has:banana"), ("is:cat", "is:cat"),
        ("before:yesterday", "YYYY-MM-DD"), ("during:2026-13-40", "YYYY-MM-DD"), ("language:english", "language code"),
        ("from:@", "from:"), ("in:bogus", "in:bogus"), ("account:alice", "user@host"), ("OR cats", "OR"),
        ("cats OR", "OR"), ("cats OR -dogs", "OR"), ("from:", "needs a value"),
    ])
    func badQueriesNameWhatIsWrong(_ text: String, _ mention: String) {
        #expect {
            _ = try SearchQuery(parsing: text)
        } throws: { "\($0)".contains(mention) }
    }

    @Test func ftsSyntaxInUserTextIsJustText() throws {
        let query = try SearchQuery(parsing: #"NEAR(a b) col:x AND ^start "quo*te" * {a b}: -"#)
        // Everything became words or phrases; nothing is passed on as FTS5 syntax.
        #expect(query.highlightedWords.allSatisfy { $0.allSatisfy { $0.isLetter || $0.isNumber } })
    }

    @Test func snippetsCenterOnTheFirstMatchIgnoringCaseAndAccents() {
        let text =
            String(repeating: "filler words here ", count: 20) + "a Café in the middle "
            + String(repeating: "tail ", count: 40)
        let snippet = Snippet(text: text, words: ["cafe"], width: 60)
        #expect(snippet.text.hasPrefix("…") && snippet.text.hasSuffix("…"))
        #expect(snippet.highlights.count == 1)
        #expect(snippet.marked(before: "[", after: "]").contains("[Café]"))
    }

    @Test func noSpaceScriptsBecomeTwoCharacterPieces() {
        #expect(NoSpaceScript.bigrams(Array("東京タワー")) == ["東京", "京タ", "タワ", "ワー"])
        #expect(NoSpaceScript.indexText(["今日は東京タワー。Swift ไปกรุงเทพ"]) == "今日 日は は東 東京 京タ タワ ワー 0 ไป ปก กรุ รุง งเ เท ทพ")
        #expect(NoSpaceScript.indexText(["plain English"]).isEmpty)
    }
}

@Suite struct NewOperatorParsingTests {
    @Test func hashtagsAreNormalizedAsMastodonDoes() throws {
        #expect(Hashtag.normalized("CaféCrème") == "cafecreme")
        #expect(Hashtag.normalized("ＣＡＦＥ") == "cafe")
        #expect(Hashtag.normalized("Straße") == "strasse")
        #expect(Hashtag.normalized("東京") == "東京")
        #expect(
            try SearchQuery(parsing: "#Café -#TEA").filters == [.init(.tag("cafe")), .init(.tag("tea"), negated: true)])
        #expect(try SearchQuery(parsing: "#1").filters.isEmpty, "digits alone are no hashtag, as on Mastodon")
    }

    @Test func visibilityBookmarksAndFavourites() throws {
        let query = try SearchQuery(parsing: "is:direct -visibility:public is:bookmarked -is:favorited")
        #expect(
            query.filters == [
                .init(.isA(.direct)), .init(.isA(.public), negated: true), .init(.isA(.bookmarked)),
                .init(.isA(.favourited), negated: true),
            ])
    }

    @Test func andNotAndUnknownOperators() throws {
        #expect(try SearchQuery(parsing: "cats AND dogs") == SearchQuery(parsing: "cats dogs"))
        #expect(try SearchQuery(parsing: "cats NOT dogs") == SearchQuery(parsing: "cats -dogs"))
        #expect(try SearchQuery(parsing: "NOT is:reply").filters == [.init(.isA(.reply), negated: true)])
        let unknown = try SearchQuery(parsing: "lang:ja tag:x https://example.com/a")
        #expect(unknown.warnings.count == 2, "lang: and tag:, not the URL")
        #expect(unknown.clauses.count == 3)
        #expect(try !SearchQuery(parsing: "-is:reply").isEmpty, "exclusions alone are a query")
    }

    @Test(arguments: [
        ("AND cats", "AND"), ("cats AND", "AND"), ("cats AND OR dogs", "AND"), ("cats NOT", "NOT"),
        ("NOT -cats", "NOT"), ("visibility:secret", "visibility:secret"), ("is:bookmark", "is:bookmark"),
        ("cats OR #dogs", "OR"), ("is:public OR is:unlisted", "not operators"),
    ])
    func badUsesNameWhatIsWrong(_ text: String, _ mention: String) {
        #expect {
            _ = try SearchQuery(parsing: text)
        } throws: { "\($0)".contains(mention) }
    }
}

@Suite struct SnippetBoundaryTests {
    /// Every word of a snippet (ellipses aside) is a whole word of the text it was cut from.
    @Test(arguments: [10, 23, 37, 61, 80])
    func snippetsStartAndEndOnWordBoundaries(_ width: Int) {
        let text =
            "Yesterday we cooked some miso butter noodles with scallions, then watched the rain over "
            + "the harbour until the ferries stopped running for the night and everyone went home"
        let words = Set(text.split(separator: " ").map(String.init))
        for query in ["noodles", "harbour", "ferries", "Yesterday", "home"] {
            let snippet = Snippet(text: text, words: [query], width: width)
            let inner = snippet.text.trimmingCharacters(in: CharacterSet(charactersIn: "…"))
            let cut = inner.split(separator: " ").map(String.init)
            #expect(cut.allSatisfy(words.contains), "\(query), width \(width): \(snippet.text)")
            #expect(inner.localizedCaseInsensitiveContains(query), "\(query), width \(width): \(snippet.text)")
        }
    }
}
