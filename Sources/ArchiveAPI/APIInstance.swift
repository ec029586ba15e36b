import Foundation

/// The instance object of the archive's Mastodon API: named for the archive, its version saying that it
/// is Icebox and read-only after the Mastodon version whose API it follows (as Pleroma and GoToSocial say
/// theirs, so that libraries which read the version still read it), with a Mastodon server's limits.
public enum APIInstance {
    /// The Mastodon API version the archive answers as.
    public static let mastodonVersion = "4.3.0"

    /// `/api/v1/instance` (`version` 1) or `/api/v2/instance` (2).
    public static func object(
        version: Int, domain: String, title: String, icebox: String, contact: [String: Any]?
    ) -> [String: Any] {
        let contact: Any = contact ?? NSNull()
        let versionText = "\(mastodonVersion) (compatible; Icebox \(icebox); read-only archive)"
        let description =
            "A read-only archive kept by Icebox: posts as their servers sent them. Nothing can be posted here."
        let statuses: [String: Any] = [
            "max_characters": 500, "max_media_attachments": 4, "characters_reserved_per_url": 23,
        ]
        let media: [String: Any] = [
            "supported_mime_types": [String](), "image_size_limit": 0, "image_matrix_limit": 0,
            "video_size_limit": 0, "video_frame_rate_limit": 0, "video_matrix_limit": 0,
        ]
        let polls: [String: Any] = [
            "max_options": 4, "max_characters_per_option": 50, "min_expiration": 300, "max_expiration": 2_629_746,
        ]
        if version == 1 {
            return [
                "uri": domain, "title": title, "short_description": description, "description": description,
                "email": "", "version": versionText, "urls": ["streaming_api": NSNull()], "thumbnail": NSNull(),
                "languages": [String](), "registrations": false, "approval_required": false,
                "invites_enabled": false,
                "configuration": ["statuses": statuses, "media_attachments": media, "polls": polls],
                "contact_account": contact, "rules": [Any](),
            ]
        }
        return [
            "domain": domain, "title": title, "version": versionText, "api_versions": ["mastodon": 2],
            "source_url": "", "description": description,
            "usage": ["users": ["active_month": 0]], "thumbnail": ["url": ""], "languages": [String](),
            "configuration": [
                "urls": ["streaming": NSNull()], "accounts": ["max_featured_tags": 0, "max_pinned_statuses": 0],
                "statuses": statuses, "media_attachments": media, "polls": polls, "translation": ["enabled": false],
            ],
            "registrations": ["enabled": false, "approval_required": false, "message": NSNull()],
            "contact": ["email": "", "account": contact], "rules": [Any](),
        ]
    }
}
