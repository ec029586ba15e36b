import ArchiveCore
import Foundation
import Models
import SearchQuery
import Testing

@testable import Archive

/// The operators added to Mastodon's language (`#tag`, visibilities, bookmarks and favourites, `AND`,
/// `NOT`, unknown operators, exclusions alone), each alone, negated and combined, against the oracle of
/// the archived JSON.
@Suite struct OperatorTests {
    func fixture() async throws -> SearchArchive { try await SearchArchive.shared.value }

    /// A tag name folded as the test's own oracle folds it: case, accents and width ignored.
    static func folded(_ name: String) -> String {
        name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    static func hasTag(_ status: [String: Any], _ name: String) -> Bool {
        (status["tags"] as? [[String: Any]] ?? []).contains { folded($0["name"] as? String ?? "") == folded(name) }
    }

    @Test func hashtagsMatchTheTagAsMastodonFoldsItNotTheWord() async throws {
        let s = try await fixture()
        let all = s.expected { _ in true }
        let tagged = s.expected { Self.hasTag($0, "cremebrulee") }
        #expect(tagged == Set(["tag-upper", "tag-plain", "tag-width"].compactMap(s.uri)), "the oracle sees three")
        for spelling in ["#cremebrulee", "#CrèmeBrûlée", "#CREMEBRULEE", "#ｃｒｅｍｅｂｒｕｌｅｅ"] {
            #expect(try await s.find(spelling) == tagged, "\(spelling)")
            #expect(try await s.find("-" + spelling) == all.subtracting(tagged), "-\(spelling)")
        }
        #expect(try await s.find("cremebrulee") != tagged, "the word is also in a post without the tag")
        #expect(try await s.find("#foo") == s.expected { Self.hasTag($0, "foo") }, "#foo is not #foo_bar")
        #expect(try await s.find("#foo_bar") == s.expected { Self.hasTag($0, "foo_bar") })
        // Combined with words, other filters and another tag.
        let plainAndWidth = Set(["tag-plain", "tag-width"].compactMap(s.uri))
        #expect(try await s.find("#cremebrulee cup") == plainAndWidth)
        let cups = try await s.find("cup")
        #expect(cups.isSuperset(of: plainAndWidth))
        #expect(try await s.find("cup -#cremebrulee") == cups.subtracting(tagged))
        #expect(try await s.find("#cremebrulee #foo_bar") == [try #require(s.uri("tag-plain"))])
        let swift = s.expected { Self.hasTag($0, "swift") }
        #expect(!swift.isEmpty, "the corpus tags #swift")
        #expect(try await s.find("#swift") == swift)
        #expect(
            try await s.find("#swift has:media")
                == swift.intersection(s.expected { !($0["media_attachments"] as? [Any] ?? []).isEmpty }))
    }

    @Test func visibilitiesAloneNegatedAndCombined() async throws {
        let s = try await fixture()
        let all = s.expected { _ in true }
        for visibility in ["public", "unlisted", "private", "direct"] {
            // A status without the field (Mastodon 1.x) is archived as public.
            let expected = s.expected { ($0["visibility"] as? String ?? "public") == visibility }
            #expect(!expected.isEmpty, "the archive has \(visibility) posts")
            let found = try await s.find("is:\(visibility)")
            #expect(found == expected, "is:\(visibility): \(s.difference(found, expected))")
            #expect(try await s.find("visibility:\(visibility)") == expected, "visibility:\(visibility)")
            #expect(try await s.find("-is:\(visibility)") == all.subtracting(expected), "-is:\(visibility)")
        }
        let direct = s.expected { ($0["visibility"] as? String) == "direct" }
        #expect(direct == Set(["dm-to-alice", "dm-from-alice"].compactMap(s.uri)))
        #expect(try await s.find("picnic is:direct -from:me") == [try #require(s.uri("dm-to-alice"))])
        #expect(try await s.find("picnic -is:direct").isEmpty)
    }

    @Test func bookmarksAndFavouritesAreTheUsersOwn() async throws {
        let s = try await fixture()
        let all = s.expected { _ in true }
        // The test server's own statuses carry alice's flags; the real fixtures are served as captured,
        // with their capturer's flags, which say nothing of alice's bookmarks.
        let corpusHosts: Set<String> = [
            "icebox.test", "other.example", "fedi.example.org", "photos.example.net", "social.example.jp",
        ]
        func own(_ status: [String: Any]) -> Bool {
            (status["uri"] as? String).flatMap { URL(string: $0)?.host }.map(corpusHosts.contains) == true
        }
        for (kind, flag) in [("bookmarked", "bookmarked"), ("favourited", "favourited"), ("favorited", "favourited")] {
            let expected = s.expected { own($0) && ($0[flag] as? Bool) == true }
            #expect(expected.count >= 3, "alice has \(flag) posts")
            let found = try await s.find("is:\(kind)")
            #expect(found == expected, "is:\(kind): \(s.difference(found, expected))")
            #expect(try await s.find("-is:\(kind)") == all.subtracting(expected), "-is:\(kind)")
        }
        let both = s.expected { own($0) && ($0["bookmarked"] as? Bool) == true && ($0["favourited"] as? Bool) == true }
        #expect(!both.isEmpty)
        #expect(try await s.find("is:bookmarked is:favourited") == both)
        let bookmarked = s.expected { own($0) && ($0["bookmarked"] as? Bool) == true }
        let tagged = s.expected { OperatorTests.hasTag($0, "cremebrulee") }
        #expect(bookmarked.contains(try #require(s.uri("tag-upper"))))
        #expect(try await s.find("#cremebrulee is:bookmarked") == tagged.intersection(bookmarked))
        #expect(try await s.find("#cremebrulee -is:bookmarked") == tagged.subtracting(bookmarked))
        #expect(try await s.find("picnic is:favourited") == [try #require(s.uri("dm-to-alice"))])
    }

    @Test func andAndNotAreOperators() async throws {
        let s = try await fixture()
        #expect(try await s.find("Eiffel AND tour") == s.find("Eiffel tour"))
        #expect(try await s.find("Eiffel NOT guides") == [try #require(s.uri("cafe"))])
        #expect(try await s.find("NOT has:media") == s.find("-has:media"))
        #expect(
            try await s.find("gare OR guides AND Eiffel") == [
                try #require(s.uri("cafe")), try #require(s.uri("order")),
            ])
        #expect(try await s.find(#""and not""#).isEmpty == s.containing("and not").isEmpty, "quoted, they are words")
    }

    @Test func exclusionsAloneAndUnknownOperators() async throws {
        let s = try await fixture()
        let all = s.expected { _ in true }
        let replies = s.expected { !($0["in_reply_to_id"] is NSNull) && $0["in_reply_to_id"] != nil }
        #expect(try await s.find("-is:reply") == all.subtracting(replies))
        #expect(try await s.find("-eiffel") == all.subtracting(s.containing("eiffel")))
        #expect(try await s.find("-eiffel -is:reply") == all.subtracting(s.containing("eiffel")).subtracting(replies))
        let query = try SearchQuery(parsing: "lang:ja eiffel")
        #expect(query.warnings.count == 1 && query.warnings[0].contains("lang:"))
        #expect(
            try await s.find("lang:ja eiffel")
                == s.containing("lang").intersection(s.containing("ja")).intersection(s.containing("eiffel")),
            "searched as text, as Mastodon does")
    }
}
