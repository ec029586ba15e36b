import ArchiveCore
import Foundation

/// The archive's two FTS5 indexes of the statuses' text, and the commands FTS5
/// takes as rows inserted into the index's own column.
enum FullTextIndex: String {
    /// Words, by the unicode61 tokenizer.
    case words = "statuses_fts"
    /// Three-character pieces (trigram), for scripts written without spaces.
    case pieces = "statuses_cjk"

    /// The statement that runs an FTS5 command (`optimize`, `rebuild`) on the index.
    func command(_ command: String) -> String {
        TableStatements.insert(into: "\(rawValue)(\(rawValue))", "('\(command)')")
    }
}
