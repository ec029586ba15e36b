import ArchiveCore
import Foundation
import Logging
import Testing

@Suite struct CredentialStoreTests {
    @Test func tokensAreWrittenOwnerOnlyAndNeverDescribed() throws {
        let archive = try TemporaryArchive()
        let store = CredentialStore(
            file: archive.directory.appending(path: "credentials.json"), logger: Logger(label: "t"))
        try store.update { $0.tokens["u@a.example"] = .init(server: "https://a.example", accessToken: "s3cr3t-token") }
        let mode = try FileManager.default.attributesOfItem(atPath: store.file.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        let loaded = try store.load()
        #expect(loaded.tokens["u@a.example"]?.accessToken == "s3cr3t-token")
        #expect(!"\(loaded)".contains("s3cr3t"))
        #expect(!String(describing: loaded.tokens).contains("s3cr3t"))
    }

    @Test func aLooseFileIsTightened() throws {
        let archive = try TemporaryArchive()
        let store = CredentialStore(
            file: archive.directory.appending(path: "credentials.json"), logger: Logger(label: "t"))
        try store.save(.init())
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: store.file.path)
        _ = try store.load()
        let mode = try FileManager.default.attributesOfItem(atPath: store.file.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
    }

    @Test func aCorruptFileIsAClearError() throws {
        let archive = try TemporaryArchive()
        let store = CredentialStore(
            file: archive.directory.appending(path: "credentials.json"), logger: Logger(label: "t"))
        try Data("{not json".utf8).write(to: store.file)
        #expect { _ = try store.load() } throws: { "\($0)".contains("credentials.json") }
    }

    /// A link planted at the file's name is refused, not followed: the file it points at keeps its mode
    /// (reading the credentials once `chmod`ed the link's target, as root any file on the machine).
    @Test func aLinkAtItsNameIsRefusedAndItsTargetLeftAlone() throws {
        let archive = try TemporaryArchive()
        let store = CredentialStore(
            file: archive.directory.appending(path: "credentials.json"), logger: Logger(label: "t"))
        let elsewhere = try TemporaryArchive()
        let target = elsewhere.directory.appending(path: "precious.json")
        try Data("{}".utf8).write(to: target)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: target.path)
        try FileManager.default.createSymbolicLink(at: store.file, withDestinationURL: target)

        #expect { _ = try store.load() } throws: {
            "\($0)".contains("credentials.json") && "\($0)".contains("symbolic link")
        }
        let mode = try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o644)
        #expect(try String(contentsOf: target, encoding: .utf8) == "{}")
    }
}
