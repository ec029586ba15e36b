import ArgumentParser

/// `--json`, as every command that prints a report or a list reads it: the same value as one JSON
/// document on stdout instead of lines for a reader. One declaration, so the flag's name and help are
/// the same everywhere (`search` has its own: it also offers `--jsonl` and `--csv`).
struct ReportFormat: ParsableArguments {
    @Flag(help: "Print JSON on stdout.")
    var json = false
}
