import Foundation
import Testing

@testable import Models

/// `ProfileDomains`: a profile URL's domain as `URLComponents` reads it, remembered within a bound in
/// bytes (the URLs come from servers).
@Suite struct ProfileDomainsTests {
    @Test func aDomainIsTheParsedOneAskedOnceOrTwice() {
        let cases: [(String, String?)] = [
            ("https://a.example/@alice", "a.example"), ("http://127.0.0.1:30811/@alice", "127.0.0.1:30811"),
            ("https://b.example:8443/users/x", "b.example:8443"), ("not a url", nil), ("", nil),
            ("https://c.example/" + String(repeating: "a", count: 100_000), "c.example"),
        ]
        for (url, domain) in cases {
            #expect(ProfileDomains.domain(of: url) == domain, "\(url.prefix(40))")
            #expect(ProfileDomains.domain(of: url) == domain, "\(url.prefix(40)), remembered")
        }
    }

    /// A server that sends ever new and long profile URLs fills at most the bound.
    @Test func whatIsRememberedStaysWithinItsBytes() {
        let bound = ProfileDomains.capacity * ProfileDomains.longestURL
        for index in 0..<3_000 {
            let url = "https://d\(index).example/" + String(repeating: "p", count: ProfileDomains.longestURL - 40)
            #expect(ProfileDomains.domain(of: url) == "d\(index).example")
            _ = ProfileDomains.domain(of: url + String(repeating: "q", count: 10_000))
        }
        #expect(ProfileDomains.heldBytes <= bound, "\(ProfileDomains.heldBytes) bytes held, at most \(bound)")
    }
}
