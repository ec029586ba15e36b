import ArchiveCore
import MastodonAPI
import Models

extension AccountAccess {
    /// The account's lists as its server answers now, in the server's order.
    public func lists(of account: ArchivingAccount) async throws(AccountAccessError) -> [UserList] {
        let client = try client(for: account)
        do { return try await client.get(Lists.all, as: [UserList].self) } catch { throw .server(error) }
    }

    /// The account's list with this id; `.unknownList` when the server does not know it (404: Mastodon
    /// answers so for another user's list too).
    public func list(_ id: String, of account: ArchivingAccount) async throws(AccountAccessError) -> UserList {
        let client = try client(for: account)
        do {
            return try await client.get(Lists.list(id: id), as: UserList.self)
        } catch  where error.httpStatus == 404 {
            throw .unknownList(id, account)
        } catch {
            throw .server(error)
        }
    }
}
