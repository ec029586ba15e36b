/// The statements of relations files claim (issue 44; `relation_claims`), one text for both stores
/// (arguments `?1`, `?2`…, see ``SQLDialect/statement(_:)``).
package enum RelationClaimStatements {
    /// A claim: ?1 account, ?2 kind, ?3 list title, ?4 target, ?5 boosts shown, ?6 new posts notified,
    /// ?7 languages (a JSON array), ?8 notifications hidden, ?9 the file, ?10 its digest, ?11 the line,
    /// ?12 now. The same claim of the same file (by digest) is kept as first imported, and gives no row.
    package static let insert = """
        INSERT INTO relation_claims(account_id, kind, list_name, target, showing_reblogs, notifying, languages,
        hide_notifications, file, file_sha256, line, claimed_at)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
        ON CONFLICT (account_id, kind, list_name, target, file_sha256) DO NOTHING
        RETURNING line
        """
    /// A post a file names as ?1 account's bookmark: ?2 its uri, ?3 the file, ?4 now. One already
    /// recorded stays as first recorded, and gives no row.
    package static let bookmark = """
        INSERT INTO \(ImportRecordStatements.referenceTarget)
        VALUES (?1, 'bookmark', ?2, NULL, NULL, NULL, ?3, ?4)
        \(ImportRecordStatements.referenceConflict)
        RETURNING uri
        """
    /// The claims of kind ?2 of ?1 account (every account's when NULL), by account, list, target and file.
    package static let list = """
        SELECT a.handle AS account, c.kind, c.list_name, c.target, c.showing_reblogs, c.notifying, c.languages,
        c.hide_notifications, c.file, c.file_sha256, c.line, c.claimed_at
        FROM relation_claims c JOIN archiving_accounts a ON a.id = c.account_id
        WHERE (CAST(?1 AS BIGINT) IS NULL OR c.account_id = ?1) AND c.kind = ?2
        ORDER BY a.handle, c.list_name, c.target, c.claimed_at, c.file_sha256
        """
}
