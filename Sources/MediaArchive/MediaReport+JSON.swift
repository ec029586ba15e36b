/// The records of `media fetch --json`, `media verify --json` and `media gc --json` (see `docs/json.md`):
/// keys declared here, every field present, `null` when absent.
extension MediaReport {
    enum CodingKeys: String, CodingKey {
        case wanted, stored, bytes, failed, deferred, failures, seconds
        case newFiles = "new_files"
        case skippedFailed = "skipped_failed"
        case cleanedTemporary = "cleaned_temporary"
    }
}

extension VerifyReport.Problem {
    enum CodingKeys: String, CodingKey {
        case kind, sha256, path, repaired
        case repairFailure = "repair_failure"
    }
}

extension CollectReport {
    enum CodingKeys: String, CodingKey {
        case downloadsForgotten = "downloads_forgotten"
        case filesRemoved = "files_removed"
        case strayFilesRemoved = "stray_files_removed"
        case temporaryRemoved = "temporary_removed"
        case bytesFreed = "bytes_freed"
        case dryRun = "dry_run"
    }
}
