import Foundation
import HTTPTypes
import HummingbirdTesting
import IceboxTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The reader belongs to whoever started it (issue 42): without the token of the address it printed
/// (or the cookie that address sets) a request gets nothing of the archive, whoever sends it, another
/// user of the machine included; a request another site makes the browser send is refused with the
/// cookie too; a request with two `Host` lines is refused.
@Suite(.serialized) struct ServeOwnerTests {
    @Test func withoutThePrintedSecretNothingOfTheArchiveIsAnswered() async throws {
        let archive = try #require(try await ServedStore.sqlite.archive())
        try await archive.serving { served in
            let token = try #require(served.token, "serve prints an address carrying a token")
            #expect(token.count == 64 && token.allSatisfy(\.isHexDigit))
            let paths = [
                "/", "/search?q=hostile", "/tags/hostile", "/stats", "/metrics", "/timelines/home",
                "/media/" + String(repeating: "0", count: 64),
            ]
            let strangers: [(String, HTTPFields)] = [
                ("no cookie", [:]),
                ("another cookie", [.cookie: "icebox-\(served.port)=" + String(repeating: "0", count: 64)]),
                ("a cookie of another port", [.cookie: "icebox-1=\(token)"]),
            ]
            for path in paths {
                for (who, headers) in strangers {
                    let answer = try await served.get(path, headers: headers, asOwner: false)
                    #expect(answer.status == .forbidden, "\(path), \(who): \(answer.status)")
                    #expect(answer.body.contains("printed"), "\(path), \(who): says how to get in")
                    #expect(!answer.body.contains("hostile") && !answer.body.contains("icebox_"), "\(path), \(who)")
                }
                let owner = try await served.get(path)
                #expect(owner.status == (path.hasPrefix("/media/") ? .notFound : .ok), "\(path) for the owner")
            }
            let wrongToken = try await served.get("/?token=" + String(repeating: "0", count: 64), asOwner: false)
            #expect(wrongToken.status == .forbidden)

            // The printed address opened in a browser: the cookie, and the same page without the token.
            let navigation: HTTPFields = [
                .accept: "text/html", try #require(HTTPField.Name("Sec-Fetch-Mode")): "navigate",
            ]
            let opened = try await served.get("/search?q=hostile&token=\(token)", headers: navigation, asOwner: false)
            #expect(opened.status == .seeOther)
            #expect(opened.headers[.location] == "/search?q=hostile")
            let cookie = try #require(opened.headers[.setCookie])
            #expect(cookie.hasPrefix("icebox-\(served.port)=\(token)"))
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"), "\(cookie)")
            let page = try await served.get(
                "/search?q=hostile", headers: [.cookie: "icebox-\(served.port)=\(token)"], asOwner: false)
            #expect(page.status == .ok && page.body.contains("hostile"))
            #expect(!page.body.contains(token), "no page repeats the token")
            // A script gives the token and is answered at once, in no link of the answer.
            let script = try await served.get("/timelines/home?token=\(token)", json: true, asOwner: false)
            #expect(script.status == .ok)
            #expect(!(script.headers[HTTPField.Name("Link")!] ?? "").contains(token))

            // Another user of this machine, as the attack did it (when the tests run as root).
            if getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser") {
                let other = try await CommandRunner.run(
                    URL(fileURLWithPath: "/usr/sbin/runuser"),
                    [
                        "-u", "nobody", "--", "curl", "-s", "-w", "\n%{http_code}",
                        "http://\(served.authority)/search?q=hostile",
                    ])
                #expect(other.stdout.hasSuffix("\n403"), "nobody: \(other.stdout.suffix(80)) \(other.stderr)")
                #expect(!other.stdout.contains("hostile"))
            }
        }
    }

    @Test func theTokenIsShownOnlyInThePrintedAddress() async throws {
        let archive = try #require(try await ServedStore.sqlite.archive())
        let process = try await ServeProcess.start(["serve", "--listen", "127.0.0.1:0", "--home", archive.home.path])
        defer { process.running.signal(SIGKILL) }
        let served = process.served
        let token = try #require(served.token)
        _ = try await served.get("/?token=\(token)", headers: [.accept: "text/html"], asOwner: false)
        _ = try await served.get("/nowhere?token=\(token)", asOwner: false)
        let printed = process.running.output()
        #expect(printed.components(separatedBy: token).count == 2, "once on stdout: \(printed)")
        #expect(!process.running.errors().contains(token), "never in the log")
    }

    @Test func aRequestFromAnotherSiteIsRefusedEvenWithTheCookie() async throws {
        let archive = try #require(try await ServedStore.sqlite.archive())
        try await archive.serving { served in
            let site = try #require(HTTPField.Name("Sec-Fetch-Site"))
            let refused: [(String, HTTPFields)] = [
                ("cross-site", [site: "cross-site"]), ("same-site (another port)", [site: "same-site"]),
                ("another origin", [.origin: "http://evil.example"]),
                ("another port's origin", [.origin: "http://127.0.0.1:1"]), ("an opaque origin", [.origin: "null"]),
            ]
            for path in ["/search?q=hostile", "/", "/media/" + String(repeating: "0", count: 64)] {
                for (what, headers) in refused {
                    let answer = try await served.get(path, headers: headers)
                    #expect(answer.status == .forbidden, "\(path), \(what): \(answer.status)")
                    #expect(!answer.body.contains("hostile"), "\(path), \(what)")
                }
            }
            let welcome: [(String, HTTPFields)] = [
                ("same-origin", [site: "same-origin"]), ("typed or bookmarked", [site: "none"]),
                ("its own origin", [.origin: "http://\(served.authority)"]),
            ]
            for (what, headers) in welcome {
                #expect((try await served.get("/search?q=hostile", headers: headers)).status == .ok, "\(what)")
            }
        }
    }

    @Test func twoHostLinesAreABadRequest() async throws {
        let archive = try #require(try await ServedStore.sqlite.archive())
        try await archive.serving { served in
            let host = try #require(HTTPField.Name("Host"))
            for second in ["evil.example:\(served.port)", served.authority] {
                let answer = try await served.get("/", headers: [host: second])
                #expect(answer.status == .badRequest, "Host \(served.authority), then \(second): \(answer.status)")
                #expect(!answer.body.contains("archive"))
            }
        }
    }

    @Test func aPublicHostIsAnsweredAsTheListeningAddressIs() async throws {
        let archive = try #require(try await ServedStore.sqlite.archive())
        try await archive.serving(["--public-host", "reader.test", "--public-host", "other.test:8443"]) { served in
            for host in [
                "reader.test", "reader.test:\(served.port)", "READER.test", "other.test:8443", served.authority,
            ] {
                #expect((try await served.get("/", authority: host)).status == .ok, "\(host)")
            }
            for host in ["evil.test", "other.test", "reader.test:1", "reader.test.evil.test"] {
                #expect((try await served.get("/", authority: host)).status == .misdirectedRequest, "\(host)")
            }
            // A browser behind a TLS proxy sends the https origin of the public name.
            let proxied = try await served.get("/", authority: "reader.test", headers: [.origin: "https://reader.test"])
            #expect(proxied.status == .ok)
        }
    }
}
