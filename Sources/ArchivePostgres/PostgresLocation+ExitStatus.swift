import Models

extension PostgresLocation.Invalid: ExitStatusReporting {
    /// 64: the store URL the user gave is wrong.
    public var exitStatus: ExitStatus { .usage }
}
