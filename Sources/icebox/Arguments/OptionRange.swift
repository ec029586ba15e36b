import ArgumentParser

/// Checks a numeric option against the values that make sense for it, so `--timeout inf`,
/// `--retries=-1` or `--backfill-pages 1e12` end as a usage error (64) naming the option instead of
/// a run that never ends or never starts.
enum OptionRange {
    static func check<T: Comparable & CustomStringConvertible>(
        _ name: String, _ value: T, in range: ClosedRange<T>, unit: String = ""
    ) throws {
        guard range.contains(value) else {
            let suffix = unit.isEmpty ? "" : " \(unit)"
            throw ValidationError(
                "\(name) must be between \(range.lowerBound) and \(range.upperBound)\(suffix) (got \(value))")
        }
    }

    /// A number of seconds: finite, above zero, at most `maximum`.
    static func seconds(_ name: String, _ value: Double, maximum: Double) throws {
        guard value.isFinite, value > 0, value <= maximum else {
            throw ValidationError(
                "\(name) must be a number of seconds above 0 and at most \(Int(maximum)) (got \(value))")
        }
    }
}
