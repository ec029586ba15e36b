import Foundation
import MediaFiles
import Testing

@testable import MediaArchive

/// Sizes, pacing arithmetic and content recognition, without a network.
@Suite struct MediaUnitTests {
    @Test func sizesAsPeopleWriteThem() {
        #expect(MediaOptions.parseSize("500000") == 500_000)
        #expect(MediaOptions.parseSize("512K") == 524_288)
        #expect(MediaOptions.parseSize("100M") == 104_857_600)
        #expect(MediaOptions.parseSize("100MB") == 104_857_600)
        #expect(MediaOptions.parseSize("1.5g") == 1_610_612_736)
        #expect(MediaOptions.parseSize("2GiB") == 2_147_483_648)
        for bad in ["", "M", "-1", "0", "ten", "5X"] { #expect(MediaOptions.parseSize(bad) == nil, "\(bad)") }
    }

    @Test func aBurstGoesAtOnceThenOneRequestPerInterval() {
        var schedule = PaceSchedule()
        let rate = PaceSchedule.Rate(interval: 20, burst: 30)
        for _ in 0..<30 { #expect(schedule.reserve("proxy", rate: rate, now: 0, maxWait: 600) == 0) }
        #expect(schedule.reserve("proxy", rate: rate, now: 0, maxWait: 600) == 20)
        #expect(schedule.reserve("proxy", rate: rate, now: 0, maxWait: 600) == 40)
        #expect(schedule.reserve("proxy", rate: rate, now: 30, maxWait: 600) == 30, "the slot after 60 s, 30 s later")
        #expect(schedule.reserve("other", rate: rate, now: 30, maxWait: 600) == 0, "hosts are paced separately")
        #expect(schedule.reserve("proxy", rate: rate, now: 30, maxWait: 10) == nil, "too long a wait is refused")
        #expect(schedule.reserve("proxy", rate: rate, now: 30, maxWait: 600) == 50, "a refused wait reserved nothing")
    }

    @Test func aPauseAfter429HoldsTheHost() {
        var schedule = PaceSchedule()
        let rate = PaceSchedule.Rate(interval: 0.1, burst: 8)
        #expect(schedule.reserve("h", rate: rate, now: 0, maxWait: 100) == 0)
        schedule.pause("h", until: 60)
        #expect(schedule.reserve("h", rate: rate, now: 1, maxWait: 100) == 59)
    }

    @Test func proxyPathsAndLoopbackArePacedDifferently() {
        let options = MediaOptions()
        #expect(HostPacer.pace(for: URL(string: "http://127.0.0.1:9/media/a.png")!, options: options) == nil)
        let proxy = HostPacer.pace(for: URL(string: "https://m.example/media_proxy/1/original")!, options: options)
        #expect(proxy?.key == "m.example/media_proxy" && proxy?.rate.burst == 30 && proxy?.rate.interval == 20)
        #expect(
            HostPacer.pace(for: URL(string: "https://files.m.example/a.png")!, options: options)?.key
                == "files.m.example")
    }

    @Test func pagesAreNotMediaAndFormatsAreRecognised() {
        #expect(MediaContent.refusal(declared: "text/html") != nil)
        #expect(MediaContent.refusal(declared: "application/json") != nil)
        #expect(MediaContent.refusal(declared: "image/png") == nil)
        #expect(MediaContent.refusal(firstBytes: Data("\n  <!DOCTYPE html><html>".utf8)) != nil)
        #expect(MediaContent.refusal(firstBytes: Data([0x89, 0x50, 0x4E, 0x47])) == nil)
        #expect(
            MediaContent.mediaType(declared: "application/octet-stream", firstBytes: Data([0xFF, 0xD8, 0xFF, 0xE0]))
                == "image/jpeg")
        #expect(MediaContent.mediaType(declared: "image/webp", firstBytes: Data()) == "image/webp")
        // The stored extension comes from the bytes only: passive formats keep theirs, the rest are `bin`.
        #expect(MediaContent.storedExtension(firstBytes: Data([0, 0, 0, 0x18] + Array("ftypisom".utf8))) == "mp4")
        #expect(MediaContent.storedExtension(firstBytes: Data([0xFF, 0xD8, 0xFF, 0xE0])) == "jpg")
        for active in [
            "<svg xmlns=\"http://www.w3.org/2000/svg\"><script>x</script></svg>", "<?xml version=\"1.0\"?><html/>",
            "<p>hi</p><script>x</script>", "#!/bin/sh\n", "",
        ] {
            #expect(MediaContent.storedExtension(firstBytes: Data(active.utf8)) == "bin", "\(active)")
        }
        #expect(MediaFileKind(extension: "svg") == nil && MediaFileKind(extension: "html") == nil)
        #expect(MediaFileKind(extension: "PNG") == .image && MediaFileKind(extension: "webm") == .video)
    }
}
