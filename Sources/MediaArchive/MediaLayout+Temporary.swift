import MediaFiles

extension MediaLayout {
    /// Throws when the temporary folder cannot be used safely.
    func checkTemporary() throws(MediaError) {
        if temporaryIsLink { throw .storage(path: temporary.path, reason: "it is a symbolic link; remove it") }
    }
}
