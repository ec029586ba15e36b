import ArchiveCore
import Foundation
import IceboxTestSupport
import Testing

@testable import HistoryImport

/// The CSVs of Mastodon's Import and export page (issue 44), read as Mastodon's import reads them: each
/// kind recognised by its header line or, where Mastodon writes none, by its name; quotes, commas and
/// line breaks inside fields; formula characters kept as data; a row of the wrong width, a line past the
/// byte bound or broken quotes skipped and counted, the good rows beside them kept.
@Suite struct MastodonCSVReadingTests {
    private func read(_ name: String, _ text: String, limits: MastodonCSVImport.Limits = .init()) throws -> (
        files: [MastodonCSVImport.FileClaims], refused: [ImportError]
    ) {
        let folder = try TemporaryDirectory("icebox-csv")
        let file = folder.url.appending(path: name)
        try Data(text.utf8).write(to: file)
        var importer = MastodonCSVImport(file: file)
        importer.limits = limits
        return try withExtendedLifetime(folder) { try importer.read() }
    }

    @Test func eachKindIsRecognisedAsMastodonsImportRecognisesIt() throws {
        let cases: [(String, String, MastodonCSVKind, [String])] = [
            (
                "export.csv", "Account address,Show boosts,Notify on new posts,Languages\na@x.test,true,false,\n",
                .following, ["a@x.test"]
            ),
            ("mine.csv", "Account address,Hide notifications\r\n@b@y.test,false\r\n", .mutes, ["b@y.test"]),
            ("blocked_accounts.csv", "c@z.test\n", .blocks, ["c@z.test"]),
            ("blocks.csv", "Account address\nd@z.test\n", .blocks, ["d@z.test"]),
            ("follows.csv", "e@z.test\n", .following, ["e@z.test"]),
            ("blocked_domains.csv", "Spam.Example\n", .domainBlocks, ["spam.example"]),
            ("anything.csv", "#domain\nbad.example\n", .domainBlocks, ["bad.example"]),
            ("lists.csv", "Friends,f@x.test\n", .lists, ["f@x.test"]),
            ("x.csv", "List name,Account address\nFriends,g@x.test\n", .lists, ["g@x.test"]),
        ]
        for (name, text, kind, targets) in cases {
            let read = try read(name, text)
            #expect(read.refused.isEmpty, "\(name): \(read.refused)")
            let file = try #require(read.files.first, "\(name)")
            #expect(file.kind == kind, "\(name)")
            #expect(file.claims.map(\.acct) == targets, "\(name)")
            #expect(file.skipped == 0, "\(name): \(file.skippedLines)")
        }
        let bookmarks = try read("bookmarks.csv", "https://a.test/users/a/statuses/1\n#uri\n")
        #expect(bookmarks.files.first?.bookmarks == ["https://a.test/users/a/statuses/1"])
        let headed = try read("saved.csv", "#uri\nhttps://a.test/1\n")
        #expect(headed.files.first?.kind == .bookmarks && headed.files.first?.bookmarks == ["https://a.test/1"])
    }

    @Test func followSettingsAndMutesAreReadAsRailsCastsThem() throws {
        let text = """
            Account address,Show boosts,Notify on new posts,Languages
            a@x.test,false,TRUE,"en, de"
            b@x.test,,,
            c@x.test,off,1,fr

            """
        let claims = try #require(try read("following_accounts.csv", text).files.first).claims
        #expect(claims.map(\.showingReblogs) == [false, nil, false])
        #expect(claims.map(\.notifying) == [true, nil, true])
        #expect(claims.map(\.languages) == [["en", "de"], nil, ["fr"]])
        #expect(claims.map(\.line) == [2, 3, 4])
    }

    @Test func quotesCommasLineBreaksAndFormulasAreData() throws {
        let text = "\u{FEFF}\"=Work, \"\"team\"\"\",a@x.test\n\"+two\nlines\",b@x.test\n-minus,c@x.test\n@at,d@x.test\n"
        let file = try #require(try read("lists.csv", text).files.first)
        #expect(file.claims.map(\.list) == ["=Work, \"team\"", "+two\nlines", "-minus", "@at"])
        #expect(file.claims.map(\.acct) == ["a@x.test", "b@x.test", "c@x.test", "d@x.test"])
        #expect(file.claims.map(\.line) == [1, 2, 4, 5], "a record's line is where it begins")
    }

    @Test func badRowsAreSkippedAndCountedAndTheGoodOnesKept() throws {
        var limits = MastodonCSVImport.Limits()
        limits.recordBytes = 1024
        let huge = String(repeating: "x", count: 100_000)
        let text = """
            Account address,Hide notifications
            a@x.test,true
            b@x.test,true,extra
            \(huge)@x.test,true
            c@x.test
            d@x.test,fa"lse
            =cmd|' /C calc'!A0,true
            e@x.test,false

            """
        let file = try #require(try read("muted_accounts.csv", text, limits: limits).files.first)
        #expect(file.claims.map(\.acct) == ["a@x.test", "e@x.test"])
        #expect(file.claims.map(\.hideNotifications) == [true, false])
        #expect(file.skipped == 5)
        #expect(file.skippedLines.map(\.line) == [3, 4, 5, 6, 7])
        #expect(file.skippedLines[1].reason.contains("longer than"))
        #expect(file.skippedLines[0].reason.contains("3 columns"))
    }

    @Test func aFileOfNoKnownKindIsRefusedByName() throws {
        let read = try read("contacts.csv", "Name,Email\nAda,ada@x.test\n")
        #expect(read.files.isEmpty)
        let error = try #require(read.refused.first)
        #expect(error.description.contains("contacts.csv") && error.description.contains("Mastodon's CSVs"))
        #expect(error.exitStatus == .dataError)
    }

    @Test func aFileLargerThanMastodonTakesIsRefusedWithoutBeingHeld() throws {
        var limits = MastodonCSVImport.Limits()
        limits.fileBytes = 4096
        let text = "Account address\n" + String(repeating: "a@x.test\n", count: 1000)
        let read = try read("blocks.csv", text, limits: limits)
        #expect(read.files.isEmpty)
        #expect(read.refused.first?.description.contains("larger than the limit") == true)
    }

    /// A file of tiny rows is bounded by rows too: Mastodon's import takes 20,000 at most, and what a
    /// file holds in memory stays a small multiple of that, whatever its bytes.
    @Test func moreRowsThanMastodonTakesAreRefused() throws {
        let text = "#domain\n" + (1...20_001).map { "d\($0).test\n" }.joined()
        let refused = try read("blocked_domains.csv", text)
        #expect(refused.files.isEmpty)
        #expect(refused.refused.first?.description.contains("more than 20000 rows") == true, "\(refused.refused)")
        let fits = try read("blocked_domains.csv", "#domain\n" + (1...20_000).map { "d\($0).test\n" }.joined())
        #expect(fits.files.first?.rows == 20_000)
    }

    @Test func theSameBytesHaveTheSameDigest() throws {
        let first = try #require(try read("blocked_accounts.csv", "a@x.test\n").files.first)
        let again = try #require(try read("blocks-copy.csv", "a@x.test\n").files.first)
        #expect(first.digest == again.digest && first.digest.count == 64)
        #expect(first.claims.first?.claimedBy == "blocked_accounts.csv")
    }
}
