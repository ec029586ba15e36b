import Models

extension MediaError: ExitStatusReporting {
    /// 74: the media folder or its database cannot be used.
    public var exitStatus: ExitStatus { .ioError }
}
