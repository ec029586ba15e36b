import Models

extension ExportError: ExitStatusReporting {
    /// 1 when there is nothing to export; 76 when an archived status does not decode; 74 when the
    /// archive, libarchive or the output fails; 72 when libarchive is not installed.
    public var exitStatus: ExitStatus {
        switch self {
        case .empty: .failure
        case .undecodable: .protocolError
        case .archive, .tarball, .io: .ioError
        case .missingLibrary: .missingLibrary
        }
    }
}
