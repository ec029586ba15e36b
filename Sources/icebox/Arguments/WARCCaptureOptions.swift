import ArchiveCore
import ArgumentParser
import Foundation
import Transport

/// `--warc DIR` and `--warc-max-size` of `sync` and `watch`; without `--warc`, the archive's
/// `config warc` setting.
struct WARCCaptureOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Write every HTTP exchange as WARC files in this folder (default: icebox config warc).",
            valueName: "folder"))
    var warc: String?

    @Option(
        help: ArgumentHelp("Start a new WARC file past this size, e.g. 500M or 1G.", valueName: "size"),
        transform: SizeArgument.parse)
    var warcMaxSize = SizeArgument(bytes: 1 << 30, description: "1G")

    /// The capture of this run, or `nil` when neither `--warc` nor the setting asks for one.
    func start(_ context: CommandContext) async throws -> WARCCapture? {
        var folder = warc
        if folder == nil, let setting = try await context.store.setting(WARCSetting.name), !setting.isEmpty {
            folder = setting
        }
        guard let folder else { return nil }
        let servers = Set(try await context.store.timelines().map(\.server)).sorted()
        return try WARCCapture(
            folder: URL(fileURLWithPath: folder), maxFileBytes: Int(clamping: warcMaxSize.bytes),
            command: CommandLine.arguments, servers: servers)
    }
}

extension WARCCapture? {
    /// Runs `body` with every bounded transfer it makes written to this capture (none when `nil`).
    func around<Value>(_ body: () async throws -> Value) async throws -> Value {
        try await BoundedTransport.$observer.withValue(map { $0 as any ExchangeObserver }, operation: body)
    }
}
