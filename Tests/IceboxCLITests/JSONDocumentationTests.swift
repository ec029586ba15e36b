import Foundation
import IceboxTestSupport
import MastodonTestServer
import Testing

/// `docs/json.md` says what every `--json` and `--jsonl` command prints, field by field: every key it
/// lists is printed, and no key it does not list.
@Suite(.serialized) struct JSONDocumentationTests {
    /// The records `docs/json.md` lists: for each command (`icebox search --json`), each record path
    /// (`$[]`, `$.timelines[]`) and its keys.
    struct Documentation {
        var records: [String: [String: Set<String>]] = [:]

        init(_ text: String) {
            var commands: [String] = []
            var paths: [String] = []
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                let quoted = line.matches(of: #/`([^`]+)`/#).map { String($0.1) }
                if line.hasPrefix("## ") {
                    commands = quoted.filter { $0.hasPrefix("icebox ") }
                    paths = []
                } else if line.hasPrefix("### ") {
                    paths = quoted.filter { $0.hasPrefix("$") }
                } else if line.hasPrefix("| `"), let key = quoted.first {
                    for command in commands {
                        for path in paths { records[command, default: [:]][path, default: []].insert(key) }
                    }
                }
            }
        }
    }

    static func documentation() throws -> Documentation {
        Documentation(try String(contentsOf: Repository.root.appending(path: "docs/json.md"), encoding: .utf8))
    }

    /// The keys of every record in a JSON document, by path (`$`, `$[]`, `$.timelines[]`); maps whose
    /// keys are data (`by_host`) are not records.
    static func printedRecords(_ json: Any) -> [String: [Set<String>]] {
        var printed: [String: [Set<String>]] = [:]
        for (path, objects) in OutputContractTests.recordGroups(json) {
            printed[path, default: []] += objects.map { Set($0.keys) }
        }
        return printed
    }

    /// Each `--json` or `--jsonl` command, as the test runs it, beside the heading it has in the documentation.
    static func runs(_ fixture: Fixture) -> [(documented: String, arguments: [String])] {
        let copy = fixture.cli.home.url.appending(path: "copy.sqlite").path
        return [
            ("icebox account list --json", ["account", "list", "--json"]),
            ("icebox account lists --json", ["account", "lists", "--json"]),
            ("icebox account lists --jsonl", ["account", "lists", "--jsonl"]),
            ("icebox timeline list --json", ["timeline", "list", "--json"]),
            ("icebox serve token list --json", ["serve", "token", "list", "--json"]),
            ("icebox account following --json", ["account", "following", "--json"]),
            ("icebox account following --jsonl", ["account", "following", "--jsonl"]),
            ("icebox account followers --json", ["account", "followers", "--json"]),
            ("icebox account followers --jsonl", ["account", "followers", "--jsonl"]),
            ("icebox account mutes --json", ["account", "mutes", "--json"]),
            ("icebox account mutes --jsonl", ["account", "mutes", "--jsonl"]),
            ("icebox account blocks --json", ["account", "blocks", "--json"]),
            ("icebox account blocks --jsonl", ["account", "blocks", "--jsonl"]),
            ("icebox account domain-blocks --json", ["account", "domain-blocks", "--json"]),
            ("icebox account domain-blocks --jsonl", ["account", "domain-blocks", "--jsonl", "--all"]),
            ("icebox account endorsements --json", ["account", "endorsements", "--json"]),
            ("icebox account endorsements --jsonl", ["account", "endorsements", "--jsonl"]),
            ("icebox account followed-tags --json", ["account", "followed-tags", "--json"]),
            ("icebox account followed-tags --jsonl", ["account", "followed-tags", "--jsonl"]),
            ("icebox account featured-tags --json", ["account", "featured-tags", "--json"]),
            ("icebox account featured-tags --jsonl", ["account", "featured-tags", "--jsonl"]),
            ("icebox account notes --json", ["account", "notes", "--json"]),
            ("icebox account notes --jsonl", ["account", "notes", "--jsonl", "--all"]),
            ("icebox account following --claims --json", ["account", "following", "--claims", "--json"]),
            ("icebox account following --claims --jsonl", ["account", "following", "--claims", "--jsonl"]),
            ("icebox account mutes --claims --json", ["account", "mutes", "--claims", "--json"]),
            ("icebox account mutes --claims --jsonl", ["account", "mutes", "--claims", "--jsonl"]),
            ("icebox account blocks --claims --json", ["account", "blocks", "--claims", "--json"]),
            ("icebox account blocks --claims --jsonl", ["account", "blocks", "--claims", "--jsonl"]),
            ("icebox account domain-blocks --claims --json", ["account", "domain-blocks", "--claims", "--json"]),
            ("icebox account domain-blocks --claims --jsonl", ["account", "domain-blocks", "--claims", "--jsonl"]),
            ("icebox account lists --claims --json", ["account", "lists", "--claims", "--json"]),
            ("icebox account lists --claims --jsonl", ["account", "lists", "--claims", "--jsonl"]),
            // An author of the fixtures' tag timeline, whose profile has a field.
            ("icebox account profile --json", ["account", "profile", "halcy@mastodon.social", "--json", "--versions"]),
            ("icebox account profile --jsonl", ["account", "profile", "halcy@mastodon.social", "--jsonl"]),
            ("icebox notifications --json", ["notifications", "--json"]),
            ("icebox notifications --jsonl", ["notifications", "--jsonl"]),
            ("icebox conversations --json", ["conversations", "--json"]),
            ("icebox conversations --jsonl", ["conversations", "--jsonl"]),
            ("icebox sync --json", ["sync", "--json", "--recheck"]),
            ("icebox search --json", ["search", "--json", "--all", "-is:reply"]),
            ("icebox search --jsonl", ["search", "--jsonl", "--all", "-is:reply"]),
            ("icebox search --count --json", ["search", "--count", "--json", "-is:reply"]),
            ("icebox stats --json", ["stats", "--json"]),
            ("icebox media fetch --json", ["media", "fetch", "--json", "--retry-failed"]),
            ("icebox media verify --json", ["media", "verify", "--json"]),
            ("icebox media gc --json", ["media", "gc", "--json", "--dry-run"]),
            ("icebox unreadable --json", ["unreadable", "--json"]),
            ("icebox unreadable --json", ["unreadable", "--retry", "--json"]),
            ("icebox doctor --json", ["doctor", "--json"]),
            ("icebox compact --json", ["compact", "--json"]),
            ("icebox migrate --json", ["migrate", "--json", "--to", copy]),
        ]
    }

    /// An archive with something in every record: a home timeline with media (one file stored, then
    /// lost; downloads that fail), a tag timeline holding a status no reader can read, a post deleted on
    /// its server since, and an open gap.
    struct Fixture {
        static let shared = Task { try await Fixture() }
        let server: TestServer
        let cli: CLI
        let fixtures: TemporaryDirectory

        init() async throws {
            fixtures = try TemporaryDirectory("icebox-served")
            let template = try Data(
                contentsOf: Repository.fixtures.appending(path: "status_with_card.mastodon-social.json"))
            var broken = try #require(try JSONSerialization.jsonObject(with: template) as? [String: Any])
            broken["id"] = "1000001"
            broken["uri"] = "https://mastodon.social/users/odd/statuses/1000001"
            broken.removeValue(forKey: "account")
            try template.write(to: fixtures.url.appending(path: "a.json"))
            try JSONSerialization.data(withJSONObject: broken).write(to: fixtures.url.appending(path: "b.json"))
            var config = TestServerConfig()
            config.statusCount = 60
            config.homeShare = 1
            config.homeFeedLimit = 80
            config.fixturesDirectory = fixtures.url
            server = try await TestServer.start(config)
            cli = try CLI()
            let base = server.baseURL.absoluteString
            _ = await server.addStatus(
                username: "alice", mediaPaths: ["/media/ok/fine.png", "/media/fault/missing/a.png"])
            // Someone to mute and block, and a domain blocked: each relation list has something in it.
            let others = await server.snapshot().localUsernames.filter { $0 != "alice" }
            await server.setMuting("alice", others[0], true)
            await server.setBlocking("alice", others[1], true)
            await server.setDomainBlocks("alice", ["spam.example"])
            // And someone endorsed, hashtags followed and featured, and a note.
            await server.setEndorsing("alice", others[2], true)
            await server.setTags("alice", followed: ["Swift"], featured: ["Photography"])
            await server.setNote("alice", others[0], "muted for spoilers")
            #expect(try await cli.run("account", "add", base, "--token-stdin", stdin: "test-token\n").status == 0)
            #expect(try await cli.run("timeline", "add", "home").status == 0)
            #expect(try await cli.run("timeline", "add", "tag:fixtures@\(base)").status == 0)
            // Notifications of several types (the server seeds favourites, follows and mentions).
            #expect(try await cli.run("timeline", "add", "notifications").status == 0)
            // A direct-message conversation, its last status archived.
            let message = await server.addStatus(
                username: others[0], text: "a direct message", visibility: "direct", mentioning: ["alice"])
            #expect(
                await server.addConversation(for: "alice", lastStatusID: message ?? "", participants: [others[0]])
                    != nil)
            #expect(try await cli.run("timeline", "add", "conversations").status == 0)
            // Who reacted to alice's own posts, asked of her server: `sync --json`'s `reactions`.
            #expect(try await cli.run("config", "reactions", "on").status == 0)
            #expect(try await cli.run("sync").status != 70)
            #expect(try await cli.run("serve", "token", "add", "docs").status == 0)
            // What files claim of alice's relations (Mastodon's CSVs), for `--claims`.
            let csvs = fixtures.url.appending(path: "csvs")
            try FileManager.default.createDirectory(at: csvs, withIntermediateDirectories: true)
            for (name, text) in [
                (
                    "following_accounts.csv",
                    "Account address,Show boosts,Notify on new posts,Languages\nb@x.test,true,false,en\n"
                ),
                ("muted_accounts.csv", "Account address,Hide notifications\nm@x.test,true\n"),
                ("blocked_accounts.csv", "k@x.test\n"), ("blocked_domains.csv", "spam.example\n"),
                ("lists.csv", "Friends,b@x.test\n"),
            ] {
                try Data(text.utf8).write(to: csvs.appending(path: name))
            }
            #expect(try await cli.run("import", "mastodon-export", csvs.path).status == 0)
            // A stored file goes missing; a post is deleted; a new post's media fails; and 150 posts arrive
            // while the home feed keeps 80: the next sync (`sync --json --recheck`) finds a gone post, a
            // failed download and an open gap.
            let media = cli.home.url.appending(path: "media")
            let stored =
                FileManager.default.enumerator(atPath: media.path)?.compactMap { $0 as? String }
                .filter { !$0.hasPrefix(".tmp") && $0.split(separator: "/").count == 3 } ?? []
            #expect(!stored.isEmpty)
            if let file = stored.first { try FileManager.default.removeItem(at: media.appending(path: file)) }
            let home = await server.timelineIDs(.home("alice"))
            if let oldest = home.last { #expect(await server.deleteStatus(id: oldest)) }
            _ = await server.addStatuses(150)
            _ = await server.addStatus(username: "alice", mediaPaths: ["/media/fault/gone/b.png"])
        }
    }

    @Test func everyJSONCommandPrintsWhatTheDocumentationSaysAndNothingElse() async throws {
        let documentation = try Self.documentation()
        let fixture = try await Fixture.shared.value
        var seen: Set<String> = []
        for (documented, arguments) in Self.runs(fixture) {
            let documentedRecords = try #require(
                documentation.records[documented], "docs/json.md has no section for \(documented)")
            let result = try await fixture.cli.run(arguments)
            let json: Any
            if arguments.contains("--jsonl") {
                json = try result.stdout.split(separator: "\n").map {
                    try JSONSerialization.jsonObject(with: Data($0.utf8))
                }
            } else {
                json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
            }
            let printed = Self.printedRecords(json)
            #expect(
                !printed.isEmpty,
                "\(arguments) printed no record: \(result.stdout.prefix(300)) \(result.stderr.prefix(300))")
            for (path, keySets) in printed {
                seen.insert("\(documented) \(path)")
                let keys = try #require(documentedRecords[path], "\(arguments): \(path) is not in docs/json.md")
                for printedKeys in keySets {
                    #expect(
                        printedKeys.subtracting(keys).isEmpty,
                        "\(arguments) \(path): undocumented \(printedKeys.subtracting(keys).sorted())")
                    #expect(
                        keys.subtracting(printedKeys).isEmpty,
                        "\(arguments) \(path): documented but not printed \(keys.subtracting(printedKeys).sorted())")
                }
            }
        }
        // Every record documented was printed by some run (the fixture has something in each).
        for (command, records) in documentation.records {
            for path in records.keys {
                #expect(seen.contains("\(command) \(path)"), "\(command) \(path) is documented but no run printed it")
            }
        }
    }

    /// Every command that has `--json` or `--jsonl` (read from the parser's own description of the
    /// commands) has its section.
    @Test func everyCommandWithJSONIsDocumented() async throws {
        let documentation = try Self.documentation()
        let dump = try await CommandRunner.run(CLI.binary, ["--experimental-dump-help"])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        var commands: [String] = []
        func walk(_ command: [String: Any], _ path: [String]) {
            let here = path + [command["commandName"] as? String ?? "?"]
            for argument in command["arguments"] as? [[String: Any]] ?? [] {
                for name in argument["names"] as? [[String: Any]] ?? [] where name["kind"] as? String == "long" {
                    if let flag = name["name"] as? String, flag == "json" || flag == "jsonl" {
                        commands.append((here + ["--" + flag]).joined(separator: " "))
                    }
                }
            }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] { walk(sub, here) }
        }
        walk(try #require(root["command"] as? [String: Any]), [])
        #expect(commands.count >= 13, "\(commands)")
        for command in commands {
            #expect(documentation.records[command] != nil, "\(command) is not in docs/json.md")
        }
    }
}
