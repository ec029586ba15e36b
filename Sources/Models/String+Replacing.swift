extension String {
    /// The string with every `scalar` replaced by `replacement`, scalar by scalar (so a quote followed
    /// by a combining accent is still a quote), in the standard library alone.
    ///
    /// Foundation's `replacingOccurrences(of:with:)` goes through `NSString` on Linux, and its first use
    /// costs a one-shot command (`icebox search`) runtime lookups; quoting and escaping need only this.
    public func replacing(every scalar: Unicode.Scalar, with replacement: String) -> String {
        guard unicodeScalars.contains(scalar) else { return self }
        var result = String.UnicodeScalarView()
        for each in unicodeScalars {
            if each == scalar { result.append(contentsOf: replacement.unicodeScalars) } else { result.append(each) }
        }
        return String(result)
    }
}
