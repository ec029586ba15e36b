import ArchiveAPI
import ArchiveCore
import Foundation
import Models
import Testing

/// The archive's API ids (issue 45): an id comes back to its status's exact date text and number, ids
/// sort as their statuses do when compared as Mastodon compares ids (length, then text), and text that
/// is no id is refused.
struct APIStatusIDTests {
    @Test func anIdNamesItsStatusAndSortsAsItsDate() throws {
        let keys = [
            APIStatusKey(createdAt: "1999-12-31T23:59:59.999Z", number: 7),
            APIStatusKey(createdAt: "2024-03-02T10:11:12.345Z", number: 9_999_999_999),
            APIStatusKey(createdAt: "2024-03-02T10:11:12.345Z", number: 10_000_000_000 - 2),
            APIStatusKey(createdAt: "2024-03-02T10:11:12.346Z", number: 1),
            APIStatusKey(createdAt: "9999-12-31T23:59:59.999Z", number: 42),
        ].sorted()
        let ids = keys.map(APIStatusID.string)
        #expect(ids == ids.sorted { ($0.count, $0) < ($1.count, $1) }, "\(ids)")
        #expect(Set(ids).count == ids.count)
        for (key, id) in zip(keys, ids) {
            #expect(APIStatusID.key(id, held: nil) == key, "\(id) comes back to \(key)")
        }
        #expect(
            APIStatusID.string(APIStatusKey(createdAt: "2024-03-02T10:11:12.345Z", number: 42))
                == "17093742723450000000042")
    }

    @Test func everyMillisecondOfADayComesBackToItsText() {
        for ms in stride(from: Int64(1_709_337_600_000), to: 1_709_337_600_000 + 86_400_000, by: 997) {
            let text = MastodonDate.format(milliseconds: ms)
            #expect(MastodonDate.milliseconds(text) == ms, "\(text)")
        }
    }

    @Test func textThatIsNoIdIsRefused() {
        for text in ["", "abc", "12a", "-5", String(repeating: "9", count: 26), "1.5", " 12"] {
            #expect(APIStatusID.parts(text) == nil, "\(text)")
        }
        // An old status's id is its number alone, and its date is found from its row.
        let old = APIStatusKey(createdAt: "1960-01-01T00:00:00.000Z", number: 12)
        #expect(APIStatusID.string(old) == "12")
        #expect(APIStatusID.key("12", held: old) == old)
    }
}
