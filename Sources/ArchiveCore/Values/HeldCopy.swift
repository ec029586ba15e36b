import Foundation

/// What the store holds of a status a copy is decided against (see ``LookupStatements/held``).
package struct HeldCopy: Sendable {
    package var id: Int64
    package var editedAt: String?
    package var authority: CopyAuthority
    package var content: String

    /// A row of ``LookupStatements/held`` (`uri` too, when the read was of several).
    package init(_ row: any ColumnReading) throws {
        id = try row.integer("id")
        editedAt = try row.optionalText("edited_at")
        authority = CopyAuthority(rawValue: Int(try row.integer("raw_authority"))) ?? .account
        content = try row.text("content")
    }
}
