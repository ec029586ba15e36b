import CArchive
import CLazyLoad
import Foundation
import Testing

/// Libraries opened on first use (CLazyLoad): what a command gets when one is there, and when not.
/// (The binary's NEEDED list, and exit status 72 naming a library that was removed, are checked on the
/// installed binary by scripts/test-install.)
@Suite struct LazyLibraryTests {
    @Test func aLibraryThatIsNotInstalledIsReportedWithItsName() throws {
        // The C strings must outlive the struct that points at them.
        let soname = try #require(strdup("libicebox-not-installed.so.7"))
        let package = try #require(strdup("icebox-none"))
        defer {
            free(soname)
            free(package)
        }
        var library = icebox_library(soname: soname, package: package, handle: nil)
        var reason = [CChar](repeating: 0, count: 512)
        #expect(icebox_library_load(&library, &reason, reason.count) == 0)
        let text = reason.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        #expect(text.contains("libicebox-not-installed.so.7"))
        #expect(library.handle == nil)
    }

    @Test func libarchiveOpensOnFirstUseAndItsForwardersReachIt() throws {
        var reason = [CChar](repeating: 0, count: 512)
        #expect(icebox_archive_require(&reason, reason.count) == 1)
        let writer = try #require(archive_write_new())
        #expect(archive_write_set_format_pax_restricted(writer) == ARCHIVE_OK)
        #expect(archive_write_add_filter_gzip(writer) == ARCHIVE_OK)
        #expect(archive_write_free(writer) == ARCHIVE_OK)
    }
}
