import ArgumentParser

/// `--max-media-size` of the imports that store media files (`mastodon-export`, `warc`).
struct MediaSizeLimit: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The largest media file accepted, e.g. 500M or 2G (a larger one refuses the import).",
            valueName: "size"), transform: SizeArgument.parse)
    var maxMediaSize = SizeArgument(bytes: 1 << 30, description: "1G")
}
