import ArchiveCore
import ArgumentParser
import Foundation
import HistoryImport
import Importer

/// The CSVs an `icebox import mastodon-export` finds (a CSV given, or those in the ZIP or folder), read
/// and stored as claims of their files for the account chosen by `--account`.
struct ImportClaims {
    let read: (files: [MastodonCSVImport.FileClaims], refused: [ImportError])

    /// Reads the CSVs of `file`.
    init(_ file: String) throws {
        read = try MastodonCSVImport(file: URL(fileURLWithPath: file)).read()
    }

    /// Whether the input holds CSVs at all (read, or refused).
    var found: Bool { !read.files.isEmpty || !read.refused.isEmpty }

    /// The account the claims are of: the one `--account` names, the only one, or the one whose
    /// archive the export is (`exported`).
    static func account(
        _ reference: String?, exported: String?, in archive: any ArchiveStore
    ) async throws -> ArchivingAccount {
        let accounts = try await archive.accounts()
        if let reference {
            do throws(AccountReferenceError) { return try accounts.one(named: reference) } catch {
                throw ValidationError(error.description)
            }
        }
        // An export's relations are its own account's: never another account's, even the only one.
        if let exported {
            if let match = accounts.first(where: { $0.handle.caseInsensitiveCompare(exported) == .orderedSame }) {
                return match
            }
            throw ValidationError(
                "the export is \(exported.terminalSafeLine)'s, not an account of this archive: add it first "
                    + "(icebox account add SERVER), or name the account with --account")
        }
        if accounts.count == 1, let only = accounts.first { return only }
        throw ValidationError(
            accounts.isEmpty
                ? "the archive has no account for the file's relations to be of: add it first (icebox account add SERVER)"
                : "name the account the file's relations are of with --account: "
                    + accounts.map(\.handle).joined(separator: ", "))
    }

    /// The account the CSVs beside an account archive are of (see `account(_:exported:in:)`); nil, said on
    /// stderr, when that archive's account is not one of this archive's and `--account` names none: its
    /// posts are imported, and its relations are not filed under anyone else.
    static func owner(
        of claims: ImportClaims, named reference: String?, exported: String?, in archive: any ArchiveStore
    ) async throws -> ArchivingAccount? {
        if reference == nil, let exported,
            try await !archive.accounts().contains(where: {
                $0.handle.caseInsensitiveCompare(exported) == .orderedSame
            })
        {
            let files = claims.read.files.map(\.name.terminalSafeLine).joined(separator: ", ")
            Console.err(
                "icebox: \(files.isEmpty ? "the export's CSVs" : files) not kept: they are "
                    + "\(exported.terminalSafeLine)'s relations, and \(exported.terminalSafeLine) is not an account of "
                    + "this archive (icebox account add SERVER, then import again; or --account)")
            return nil
        }
        return try await account(reference, exported: exported, in: archive)
    }

    /// Stores the claims for `account` and says on stderr what each file claimed; then the files
    /// refused, each named, and a non-zero exit when there was one.
    func store(into archive: any ArchiveStore, account: ArchivingAccount) async throws {
        let added = try await MastodonCSVImport.store(read.files, into: archive, account: account)
        for (file, new) in zip(read.files, added) {
            var line =
                "\(file.name.terminalSafeLine): \(file.rows) \(file.kind.words) claimed for \(account.handle) (\(new) new)"
            if file.skipped > 0 {
                let lines = file.skippedLines.map { "line \($0.line): \($0.reason)" }.joined(separator: "; ")
                line += "; \(file.skipped) rows skipped (\(lines.terminalSafeLine)\(file.skipped > 10 ? "; …" : ""))"
            }
            Console.err(line)
        }
        guard let last = read.refused.last else { return }
        for error in read.refused { Console.err("icebox: \(error)") }
        throw ExitCode(last.exitStatus)
    }
}
