import ArchiveCore
import Foundation
import REPL
import Testing

/// TAB completion from what the archive holds.
struct CompletionTests {
    @Test func theArchiveOffersEveryTagAndAuthor() async throws {
        let fixture = try await REPLArchive.shared.value
        let tags = try await fixture.archive.tagNames()
        #expect(Set(tags) == Set(fixture.posts.keys.flatMap { fixture.tags($0) }))
        #expect(tags == tags.sorted())
        let handles = Set(try await fixture.archive.authorHandles())
        // Every author whose post is listed under their handle is offered.
        var session = fixture.session()
        for number in fixture.posts.keys.sorted().prefix(15) {
            _ = await session.execute("open #\(number)")
            _ = await session.execute("author")
            guard case .accountDetail(let handle) = session.router.current else { continue }
            #expect(handles.contains(handle), "\(handle)")
        }
    }

    @Test func wordsCompleteByWhereTheyAre() {
        let completer = Completer(
            handles: ["alice@icebox.test", "Alfred@example.social", "bob@icebox.test"],
            tags: ["caturday", "cats", "swift", "日本語"])
        #expect(completer.complete("se", after: "") == .words(["search"]))
        #expect(completer.complete("", after: "").words.count == REPLCommand.names.count)
        #expect(completer.complete("#cat", after: "search ") == .words(["#caturday", "#cats"]))
        #expect(completer.complete("#CATu", after: "tag ") == .words(["#caturday"]))
        #expect(completer.complete("#日", after: "search ") == .words(["#日本語"]))
        #expect(completer.complete("sw", after: "tag ") == .words(["swift"]))
        #expect(
            completer.complete("@al", after: "search coffee ")
                == .words(["@alice@icebox.test", "@Alfred@example.social"]))
        #expect(completer.complete("b", after: "account ") == .words(["bob@icebox.test"]))
        #expect(completer.complete("from:@bo", after: "search tea ") == .words(["from:@bob@icebox.test"]))
        #expect(completer.complete("out.tar", after: "export ") == .fileNames)
        #expect(completer.complete("sw", after: "search ") == .words([]), "plain words are not guessed")
    }
}

extension Completer.Result {
    var words: [String] {
        if case .words(let words) = self { return words }
        return []
    }
}

/// `timeline <TAB>`: the pinned timelines, then the kinds of spec.
struct TimelineCompletionTests {
    @Test func timelineSpecsComplete() async throws {
        let fixture = try await REPLArchive.shared.value
        let pinned = try await fixture.archive.timelines().map(\.spec)
        #expect(pinned.contains("home"))
        let completer = Completer(handles: [], tags: [], timelines: pinned)
        #expect(completer.complete("ho", after: "timeline ") == .words(["home"]))
        guard case .words(let tagged) = completer.complete("tag:", after: "timeline ") else {
            Issue.record("no words")
            return
        }
        #expect(tagged.contains { $0.hasPrefix("tag:fixtures@") } && tagged.contains("tag:"), "\(tagged)")
        #expect(completer.complete("fed", after: "timeline ") == .words(["federated"]))
        #expect(completer.complete("ho", after: "timeline home ") == .words([]), "one spec only")
    }
}

/// `conversations <TAB>`: the ids of the archived conversations.
struct ConversationCompletionTests {
    @Test func conversationIDsComplete() {
        let completer = Completer(handles: [], tags: [], conversations: ["1093", "1100", "2"])
        #expect(completer.complete("10", after: "conversations ") == .words(["1093"]))
        #expect(completer.complete("", after: "conversations ") == .words(["1093", "1100", "2"]))
        #expect(completer.complete("1", after: "conversations 1093 ") == .words([]), "one id only")
        #expect(completer.complete("10", after: "thread ") == .words([]), "only after conversations")
    }
}
