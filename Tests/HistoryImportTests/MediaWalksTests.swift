@testable import HistoryImport
import Testing

/// How many walks store an export's media beside the statuses (see `ExportPass.mediaWalks`).
@Suite("Media walks")
struct MediaWalksTests {
    @Test func theWalksLeaveAProcessorToTheStatusesUnlessTheMediaOutlastThem() {
        // 256 MB of media beside a 14 MB outbox (20 000 statuses): the statuses take longer.
        #expect(ExportPass.mediaWalks(mediaBytes: 256 << 20, outboxBytes: 14 << 20, processors: 2) == 1)
        #expect(ExportPass.mediaWalks(mediaBytes: 256 << 20, outboxBytes: 14 << 20, processors: 8) == 4)
        // 5 GB beside 70 MB (100 000 statuses): the media take longer, and every processor.
        #expect(ExportPass.mediaWalks(mediaBytes: 5 << 30, outboxBytes: 70 << 20, processors: 2) == 2)
        #expect(ExportPass.mediaWalks(mediaBytes: 5 << 30, outboxBytes: 70 << 20, processors: 3) == 3)
        #expect(ExportPass.mediaWalks(mediaBytes: 5 << 30, outboxBytes: 70 << 20, processors: 16) == 4)
        // One processor, or an outbox whose size is not declared: one walk.
        #expect(ExportPass.mediaWalks(mediaBytes: 5 << 30, outboxBytes: 70 << 20, processors: 1) == 1)
        #expect(ExportPass.mediaWalks(mediaBytes: 5 << 30, outboxBytes: nil, processors: 2) == 1)
    }
}
