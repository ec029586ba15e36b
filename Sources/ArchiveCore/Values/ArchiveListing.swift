import Foundation
import SearchQuery

/// A list of archived posts a front end browses besides search results: a profile or a hashtag page.
public enum ArchiveListing: Hashable, Sendable {
    /// One author's posts (not their boosts). The `user@host` handle is compared without case. A post
    /// only a file vouches for is listed too, marked as the file's (`SearchHit/fromFile`, see `ImportClaims`).
    case author(String)
    /// The posts carrying a hashtag (without `#`, compared without case), from everyone or from one
    /// author (`user@host`).
    case tag(String, author: String?)
}
