import Foundation
import SearchQuery

/// A list of archived posts a front end browses besides search results: a profile or a hashtag page.
public enum ArchiveListing: Hashable, Sendable {
    /// One author's posts (not their boosts). The `user@host` handle is compared without case. For an
    /// account the user archives with, only the posts a server confirmed: a file's unconfirmed word
    /// that a post is theirs is left out (see `ImportClaims`).
    case author(String)
    /// The posts carrying a hashtag (without `#`, compared without case), from everyone or from one
    /// author (`user@host`).
    case tag(String, author: String?)
}
