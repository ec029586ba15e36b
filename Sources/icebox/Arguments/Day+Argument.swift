import ArgumentParser
import Models

/// A day on the command line: every option that takes one reads it here, so a day that is not
/// `YYYY-MM-DD` is one usage error (exit 64) naming the option, whichever command it was given to.
extension Day: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(argument)
    }
}
