import ArchiveCore
import Foundation
import Importer
import MastodonAPI
import Transport

extension Doctor {
    /// One cheap request per account (`verify_credentials`): is the server there, does it take the token.
    func accounts(_ archive: any ArchiveStore) async -> [DoctorCheck] {
        let accounts: [ArchivingAccount]
        let credentials: Credentials
        do {
            accounts = try await archive.accounts()
            credentials = try CredentialStore(file: home.credentials, logger: logger).load()
        } catch {
            return [DoctorCheck("accounts", .problem, "\(error)")]
        }
        if !accounts.isEmpty, let needs = HTTPLibrary.missing() {
            return [DoctorCheck("accounts", .problem, "icebox \(needs); no account or server was checked")]
        }
        let access = AccountAccess(
            credentials: credentials,
            limits: .init(
                idleTimeout: options.requestTimeout,
                deadline: options.requestTimeout),
            logger: logger)
        var checks: [DoctorCheck] = []
        for account in accounts {
            let name = "account \(account.handle)"
            do {
                _ = try await access.verify(account)
                checks.append(DoctorCheck(name, .ok, "\(account.server) answers and accepts the token"))
            } catch  where error.tokenRefused {
                checks.append(
                    DoctorCheck(
                        name, .problem,
                        "\(account.server) refuses the token; "
                            + "add the account again (icebox account add \(account.server))"))
            } catch  where error.unreachable {
                checks.append(DoctorCheck(name, .problem, "\(account.server) cannot be reached: \(error)"))
            } catch {
                checks.append(DoctorCheck(name, .problem, "\(error)"))
            }
        }
        return checks
    }
}
