import ArchiveCore
import Foundation
import Logging
import PostgresNIO

extension PostgresArchive {
    /// Decodes rows, turning a cell of an unexpected type into an archive error.
    func decoding<T>(_ body: () throws -> T) throws(ArchiveError) -> T {
        do { return try body() } catch { throw Self.translate(error) }
    }
}
