// swift-tools-version:6.1
// Icebox: archive Mastodon timelines into a local SQLite full-text index.
//
// Modules, dependencies pointing one way:
//   Models ← Transport ← MastodonAPI ← Importer → Archive → ArchiveCore → Models; ArchivePostgres → ArchiveCore;
//   Display, REPL and Export read ArchiveCore (the store seam), never a store's driver (docs/ARCHITECTURE.md)
//   Health (icebox doctor) reads Archive, MediaArchive and Importer (for one request per account);
//   HistoryImport (icebox import) reads files into Archive and MediaFiles, never the network;
//   Export reads MediaFiles (the layout and hashes), never MediaArchive's fetching nor Transport;
//   icebox (the executable) sits on top; MastodonTestServer serves a Mastodon-shaped API for tests.
import PackageDescription

let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

// How the `icebox` binary links, for a quick start (a one-shot `icebox search` is mostly start-up):
// - `-lcurl`, which the static FoundationNetworking asks for, finds Sources/CLazyCurl/link/libcurl.so,
//   a linker script that adds nothing: CLazyCurl defines the curl functions and opens libcurl when a
//   command first makes a request, so libcurl's ~30 libraries are not mapped at every start.
// - `--no-export-dynamic`: the static Swift runtime's link flags export every Swift symbol of the
//   binary (41,000), which the loader then searches and hashes for nothing; no plug-in loads into icebox.
let startupLinkerSettings: [LinkerSetting] = [
    .unsafeFlags(
        ["-L\(Context.packageDirectory)/Sources/CLazyCurl/link", "-Xlinker", "--no-export-dynamic"],
        .when(platforms: [.linux]))
]

let package = Package(
    name: "Icebox",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "icebox", targets: ["icebox"]),
        .executable(name: "icebox-testserver", targets: ["icebox-testserver"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        // SHA-256 for the content-addressed media store: a reviewed implementation, not our own.
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        // Tests only: property-based fuzzing of the decoders, the HTML converter and header parsers.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // The PostgreSQL store (issue 16): Vapor's maintained client, with its own connection pool.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // Already under postgres-nio; named so the store can build its byte buffers and TLS settings.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // `icebox serve` (issue 31): the web reader's HTTP server, its graceful shutdown, its /metrics.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // Already under Hummingbird; named for the header names the reader sets.
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        // Codable Mastodon entities and the status HTML converter. Foundation only.
        .target(name: "Models", swiftSettings: strict),
        // What may be reached and how: server addresses, origins, the address policy, redirects, ephemeral
        // URL sessions, request limits and the one bounded transfer the API client and media fetching share.
        .target(name: "Transport", dependencies: ["Models", "CLazyCurl"], swiftSettings: strict),
        // Endpoints, the URLSession client, pagination and rate-limit headers.
        .target(
            name: "MastodonAPI",
            dependencies: [
                "Models", "Transport", .product(name: "Logging", package: "swift-log"),
                // Event streams on NIO: FoundationNetworking spins a core while a response stays open.
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: strict),
        // Opening a shared library on first use, so that start-up maps only what every command needs.
        .target(name: "CLazyLoad"),
        // glibc's mallopt, which its Swift module does not export.
        .target(name: "CMalloc"),
        // The libcurl functions FoundationNetworking calls, forwarded to libcurl.so.4 once a request is made.
        // Its curl_easy_setopt is exported, so that a dynamically linked FoundationNetworking (debug builds,
        // tests) calls it too: libcurl never decodes an answer for Icebox (see curl.c).
        .target(
            name: "CLazyCurl", dependencies: ["CLazyLoad"], exclude: ["link"],
            linkerSettings: [
                .unsafeFlags(
                    ["-Xlinker", "--export-dynamic-symbol=curl_easy_setopt"],
                    .when(platforms: [.linux]))
            ]),
        // The store seam without a database driver: the protocols every store implements, their values and
        // errors, the policies both stores apply (copy authority, deletions, consent, import claims), and the
        // files around an archive (home, credentials, the sync lock). Readers link this, never GRDB or NIO.
        .target(
            name: "ArchiveCore",
            dependencies: [
                "Models", "SearchQuery", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        // The SQLite store: migrations embedded from schema/*.sql, upserts, FTS5, queries.
        .target(
            name: "Archive",
            dependencies: [
                "ArchiveCore", "Models", "SearchQuery", "CSQLiteTuning", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict,
            plugins: ["SchemaEmbedPlugin"]),
        // The same archive on PostgreSQL: the store seam's second implementation, schema/postgres/*.sql.
        .target(
            name: "ArchivePostgres",
            dependencies: [
                "ArchiveCore", "Models", "SearchQuery", .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict,
            plugins: ["SchemaEmbedPlugin"]),
        // The search language: Mastodon's operators and Icebox's own, parsed into a query object.
        .target(name: "SearchQuery", dependencies: ["Models"], swiftSettings: strict),
        // Routes shared by every front end (Ice Cubes' RouterDestination / RouterPath) and URL → route.
        .target(name: "Router", dependencies: ["Models"], swiftSettings: strict),
        // How archived statuses read in a terminal, shared by `icebox show`/`search` and the REPL.
        .target(
            name: "Display", dependencies: ["Models", "ArchiveCore", "Router", "SearchQuery"], swiftSettings: strict),
        // The REPL's session: commands, navigation through Router's routes, completion, history.
        .target(
            name: "REPL",
            dependencies: [
                "Models", "ArchiveCore", "Router", "SearchQuery", "Display", "Export",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        // libedit (BSD editline) for the interactive REPL's line editing, history and completion, opened
        // when the REPL starts (headers from libedit-dev).
        .target(name: "CLibEdit", dependencies: ["CLazyLoad"]),
        // The content-addressed media files: their layout, hashing, recognising and storing streams. What
        // readers (exports, imports) need; no network, no store.
        .target(
            name: "MediaFiles",
            dependencies: [.product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strict),
        // The media archive over the store's catalogue: downloads through Transport, verification, garbage
        // collection.
        .target(
            name: "MediaArchive",
            dependencies: [
                "Models", "ArchiveCore", "Transport", "MediaFiles",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        // zlib, for WARC files: one gzip member per record (headers from zlib1g-dev).
        .target(name: "CZlib", linkerSettings: [.linkedLibrary("z")]),
        // WARC/1.1 (ISO 28500) records, their digests, and files of gzip members written and read back:
        // the format web archives keep exchanges in (issue 32). No network, no store.
        .target(
            name: "WARC", dependencies: ["CZlib", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strict),
        // libarchive, for export tarballs and account exports, opened when one is first written or read
        // (headers from libarchive-dev).
        .target(name: "CArchive", dependencies: ["CLazyLoad"]),
        // SQLite's statement journals kept in memory up to 4 MiB, and a VFS that lets a larger one spill to
        // its file in SQLite 3.40 (see ArchiveDatabase+Tuning.swift); `sqlite3_config` is variadic, which
        // Swift cannot call. Linked against the system libsqlite3 GRDB already uses.
        .target(name: "CSQLiteTuning", linkerSettings: [.linkedLibrary("sqlite3")]),
        // Threads and sets of statuses as reproducible tarballs: JSON, Markdown, a self-contained page, media.
        .target(
            name: "Export",
            dependencies: [
                "ArchiveCore", "Models", "MediaFiles", "CArchive", "WARC",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        // `icebox serve` (issue 31): the archive read in a browser through Router's routes, on Hummingbird.
        // The Mastodon client API answered from the archive (issue 45): archived statuses in the
        // archive's own id space, pages as Mastodon pages them. Values only: WebReader serves them.
        .target(name: "ArchiveAPI", dependencies: ["ArchiveCore", "Models"]),
        // Reads the store seam and media files as Export does; pages come from Export's one renderer.
        .target(
            name: "WebReader",
            dependencies: [
                "ArchiveCore", "ArchiveAPI", "Models", "Router", "SearchQuery", "Display", "Export", "MediaFiles",
                .product(name: "Hummingbird", package: "hummingbird"),
                // The signatures of the media addresses the Mastodon API hands to apps (MediaCapability).
                .product(name: "Crypto", package: "swift-crypto"),
                // Media opened folder by folder without following links, read a chunk at a time: NIO's file
                // system, which Hummingbird's own file bodies use.
                .product(name: "_NIOFileSystem", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        // History from elsewhere (issue 18): Mastodon's own export, other archivers' files, JSON Lines.
        .target(
            name: "HistoryImport",
            dependencies: [
                "Models", "ArchiveCore", "MediaFiles", "CArchive", "WARC",
                // Only to read a mastodon-to-sqlite file, a format of its own; the archive is the seam's.
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        // Pages timelines from MastodonAPI into the store seam (either store): the only module that imports both.
        .target(
            name: "Importer",
            dependencies: [
                "Models", "Transport", "MastodonAPI", "ArchiveCore", "MediaArchive",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        // `icebox doctor`: the archive, media, file modes, tokens, timelines, locks and disk checked in one go.
        .target(
            name: "Health",
            dependencies: [
                "Models", "Archive", "ArchiveCore", "Importer", "Transport", "MastodonAPI", "MediaArchive",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        // The command-line tool: the only place that prints, reads the environment or picks exit codes.
        .executableTarget(
            name: "icebox",
            dependencies: [
                "Models", "MastodonAPI", "Archive", "ArchiveCore", "ArchivePostgres", "Importer", "SearchQuery",
                "Router",
                "MediaArchive", "Export", "HistoryImport", "Display", "REPL", "Health", "CLibEdit", "CMalloc",
                "WebReader", "WARC", "Transport", "MediaFiles",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict,
            linkerSettings: startupLinkerSettings),
        // A Mastodon-shaped API on 127.0.0.1 over a deterministic synthetic corpus plus Fixtures/. Test
        // infrastructure, kept under Tests/: the independent witness that shares no code with the product.
        .target(
            name: "MastodonTestServer",
            dependencies: [.product(name: "FlyingFox", package: "FlyingFox")],
            path: "Tests/MastodonTestServer",
            swiftSettings: strict),
        .executableTarget(
            name: "icebox-testserver",
            dependencies: [
                "MastodonTestServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Tests/icebox-testserver",
            swiftSettings: strict),
        // Measurements (not tests): `swift run -c release icebox-benchmarks import`.
        .executableTarget(
            name: "icebox-benchmarks",
            dependencies: [
                "Archive", "ArchiveCore", "ArchivePostgres", "CArchive",
                .product(name: "PostgresNIO", package: "postgres-nio"), "Models", "SearchQuery", "MastodonTestServer",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        // Build tool: turns schema/*.sql into Swift string literals so the binary is self-contained.
        .executableTarget(name: "SchemaEmbedder", path: "Sources/SchemaEmbedder"),
        .plugin(
            name: "SchemaEmbedPlugin", capability: .buildTool(),
            dependencies: ["SchemaEmbedder"], path: "Sources/SchemaEmbedPlugin"),

        // Shared by the test targets: temporary folders, Fixtures/, what a test server serves, alice's archive.
        .target(
            name: "IceboxTestSupport",
            dependencies: [
                "MastodonTestServer", "Archive", "ArchiveCore", "Importer", "MastodonAPI", "Models",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/Support",
            swiftSettings: strict),

        .testTarget(name: "ModelsTests", dependencies: ["Models"], swiftSettings: strict),
        // Keeps docs/ARCHITECTURE.md true: reads it and this file, and the imports of every source file.
        .testTarget(name: "ArchitectureTests", swiftSettings: strict),
        .testTarget(
            name: "HistoryImportTests",
            dependencies: [
                "HistoryImport", "Archive", "ArchiveCore", "Export", "Models", "MediaArchive", "CArchive",
                "SearchQuery", "MastodonTestServer", "IceboxTestSupport", "WARC",
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        // Property-based fuzzing of what servers send: status pages, status HTML, Link and rate-limit headers.
        .testTarget(
            name: "FuzzTests",
            dependencies: ["Models", "MastodonAPI", .product(name: "PropertyBased", package: "swift-property-based")],
            swiftSettings: strict),
        .testTarget(
            name: "REPLTests",
            dependencies: [
                "REPL", "Export", "Archive", "ArchiveCore", "Router", "Importer", "SearchQuery", "MastodonTestServer",
                "IceboxTestSupport", "Models",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        .testTarget(name: "WARCTests", dependencies: ["WARC"], swiftSettings: strict),
        .testTarget(name: "RouterTests", dependencies: ["Router", "Models"], swiftSettings: strict),
        .testTarget(
            name: "SearchTests",
            dependencies: [
                "SearchQuery", "Archive", "ArchiveCore", "Importer", "Models", "MastodonTestServer",
                "IceboxTestSupport",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "MediaArchiveTests",
            dependencies: [
                "MediaArchive", "Archive", "ArchiveCore", "Importer", "MastodonAPI", "Transport", "MastodonTestServer",
                "IceboxTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "TransportTests", dependencies: ["Transport", "MastodonTestServer", "IceboxTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "MastodonAPITests",
            dependencies: ["MastodonAPI", "MastodonTestServer", "IceboxTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "ArchiveTests",
            dependencies: [
                "Archive", "ArchiveCore", "Models", "SearchQuery", "IceboxTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strict),
        // Every store behaviour, run against SQLite and (when scripts/test started one) PostgreSQL.
        .testTarget(
            name: "StoreConformanceTests",
            dependencies: [
                "icebox", "Archive", "ArchiveCore", "ArchivePostgres", "Importer", "Export", "MediaArchive", "CArchive",
                "Models",
                "SearchQuery", "HistoryImport",
                "MastodonTestServer", "IceboxTestSupport", .product(name: "Logging", package: "swift-log"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "ImporterTests",
            dependencies: [
                "Importer", "Archive", "ArchiveCore", "MastodonAPI", "MastodonTestServer", "IceboxTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "MastodonTestServerTests", dependencies: ["MastodonTestServer", "IceboxTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "ExportTests",
            dependencies: [
                "Export", "Archive", "ArchiveCore", "Importer", "MediaArchive", "MastodonAPI", "Models",
                "MastodonTestServer",
                "IceboxTestSupport",
                "CArchive", "CLazyLoad", .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        // `icebox serve` driven over loopback with an HTTP client, on SQLite and (when set) PostgreSQL.
        .testTarget(
            name: "WebReaderTests",
            dependencies: [
                "icebox", "WebReader", "ArchiveAPI", "Archive", "ArchiveCore", "MediaFiles", "Router",
                "IceboxTestSupport",
                "MastodonTestServer",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        // Drives the built `icebox` binary as a user would, against the test server.
        .testTarget(
            name: "IceboxCLITests",
            dependencies: [
                "icebox", "MastodonTestServer", "Archive", "ArchiveCore", "IceboxTestSupport", "WARC",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
