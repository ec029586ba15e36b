import Foundation

extension Status {
    /// Reads back a status JSON the archive keeps, as `server` (`host[:port]`) served it. A status with
    /// neither `uri` nor `url` (a Mastodon fork serves them in notifications) is keyed by the server that
    /// served it and its id there, so reading it needs that server as storing it did: every reader of
    /// archived JSON (show, the REPL, exports) goes through here.
    public static func archived(_ raw: Data, servedBy server: String) throws -> Status {
        try ArchivableStatus.decoder(servedBy: server).decode(Status.self, from: raw)
    }
}
