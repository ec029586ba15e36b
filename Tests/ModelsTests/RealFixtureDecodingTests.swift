import Foundation
import Models
import Testing

/// Every real payload in Fixtures/ decodes, and the awkward parts of each read as they should.
@Suite struct RealFixtureDecodingTests {
    @Test(arguments: Fixtures.allJSONFiles)
    func everyFixtureDecodes(_ name: String) throws {
        let decoder = JSONDecoder()
        if name.contains("response-with-headers") {
            let page = try ArchivableStatus.decodePage(try Fixtures.recordedBody(name).body)
            #expect(!page.items.isEmpty && page.unreadable.isEmpty)
        } else if name.hasPrefix("account_") {
            _ = try decoder.decode(Account.self, from: try Fixtures.data(name))
        } else if name.hasPrefix("context") {
            let context = try decoder.decode(Context.self, from: try Fixtures.data(name))
            #expect(!(context.ancestors + context.descendants).isEmpty)
        } else if name.hasPrefix("instance") {
            _ = try decoder.decode(Instance.self, from: try Fixtures.data(name))
        } else if name.hasPrefix("status_edit_history") {
            let edits = try decoder.decode([StatusEdit].self, from: try Fixtures.data(name))
            #expect(edits.count > 1)
        } else if name.hasPrefix("notifications_") {
            let statuses = try RawJSON.elements(ofArray: try Fixtures.data(name)).compactMap {
                try RawJSON.value(forKey: "status", inObject: $0)
            }
            let page = ArchivableStatus.decode(statuses, servedBy: "example.social")
            #expect(!page.items.isEmpty && page.unreadable.isEmpty, "\(page.unreadable.map(\.reason))")
        } else if name.hasPrefix("timeline_") {
            let page = try ArchivableStatus.decodePage(try Fixtures.data(name))
            #expect(!page.items.isEmpty && page.unreadable.isEmpty)
        } else {
            let status = try ArchivableStatus(decoding: try Fixtures.data(name), servedBy: "example.social")
            #expect(status.raw == (try Fixtures.data(name)))
        }
    }

    @Test func editedRemoteStatusWithGifvMentionHashtagEmojiAndCW() throws {
        let status = try JSONDecoder().decode(
            Status.self, from: try Fixtures.data("status_edited_gifv_mention_hashtag_emoji_cw.mastodon-social.json"))
        #expect(status.id == "110446223051565765")
        #expect(status.editedAt != nil)
        #expect(!status.spoilerText.isEmpty)
        #expect(status.mediaAttachments.first?.type == .gifv)
        #expect(status.mediaAttachments.first?.meta?.original?.width == 640)
        #expect(status.mediaAttachments.first?.description == "a furry cube breakdancing")
        #expect(status.mentions.first?.acct == "halcy@icosahedron.website")
        #expect(status.tags.map(\.name) == ["thisisahashtag"])
        #expect(status.emojis.first?.shortcode == "trans_heart")
    }

    @Test func goToSocialULIDsEmptyAvatarAndUnknownAttachments() throws {
        let status = try JSONDecoder().decode(
            Status.self, from: try Fixtures.data("status_remote_reply_unknown_attachments.gotosocial-testrig.json"))
        #expect(status.id.count == 26)
        #expect(status.account.avatar == nil, "\"\" reads as absent")
        #expect(status.application == nil)
        #expect(status.mediaAttachments.first?.remoteURL?.hasPrefix("http://example.org/") == true)
        #expect(status.inReplyToID != nil)
    }

    @Test func pleromaFlakeIdsNegativeMediaIdAndMissingMeta() throws {
        let page = try ArchivableStatus.decodePage(
            try Fixtures.data("timeline_public_reblog.pleroma-via-federatz.json")
        ).items
        let wrapper = try #require(page.first)
        #expect(wrapper.status.id == "AM7iejUVqeZiIAYReK")
        // Pleroma copies the boosted post's content into the wrapper (Mastodon sends "").
        #expect(wrapper.status.content == wrapper.status.reblog?.content)
        #expect(wrapper.status.account.id == "823")
        let boosted = try #require(wrapper.status.reblog)
        #expect(boosted.mediaAttachments.first?.id == "-339402590")
        #expect(boosted.mediaAttachments.first?.meta == nil)
        let rawReblog = try #require(wrapper.rawReblog)
        #expect(try JSONDecoder().decode(Status.self, from: rawReblog).uri == boosted.uri)
    }

    @Test func mastodonReblogWrapper() throws {
        let status = try ArchivableStatus(decoding: try Fixtures.data("status_reblog.mastodon-4.6.4-dev.json"))
        #expect(status.status.uri.hasSuffix("/activity"))
        #expect(status.status.content == "")
        #expect(status.status.post.uri == status.status.reblog?.uri)
        #expect(status.rawReblog != nil)
    }

    @Test func cardWithEmptyStringsReadsThemAsAbsent() throws {
        let status = try JSONDecoder().decode(
            Status.self, from: try Fixtures.data("status_with_card.mastodon-social.json"))
        let card = try #require(status.card)
        #expect(card.type == "video")
        #expect(card.authorName == nil)
        #expect(card.width == 435)
    }

    @Test func pollQuoteAndAccountDates() throws {
        let poll = try #require(
            try JSONDecoder().decode(
                Status.self, from: try Fixtures.data("status_with_poll_remote.mastodon-social.json")
            ).poll)
        #expect(poll.options.count == 4)
        #expect(poll.multiple && poll.expired)
        let quoted = try JSONDecoder().decode(
            Status.self, from: try Fixtures.data("status_with_quote_bridgy.mastodon-social.json"))
        #expect(quoted.quote?.state == .accepted)
        #expect(quoted.quote?.quotedStatus?.id == "115044070560414080")
        let account = try JSONDecoder().decode(
            Account.self, from: try Fixtures.data("account_remote_with_emoji.mastodon-social.json"))
        #expect(account.fields.contains { $0.verifiedAt != nil }, "a +00:00 offset parses")
        #expect(account.lastStatusAt?.count == 10)
    }

    @Test func instanceTimelinesAccess() throws {
        let instance = try JSONDecoder().decode(
            Instance.self, from: try Fixtures.data("instance_v2_timelines_access_disabled.mastodon-social.json"))
        #expect(instance.domain == "mastodon.social")
        #expect(instance.configuration?.timelinesAccess?.liveFeeds?.local == "disabled")
    }

    @Test(
        arguments: Fixtures.allJSONFiles.filter {
            $0.hasPrefix("status_with") || $0.hasPrefix("status_edited") || $0.hasPrefix("status_re")
        })
    func encodedStatusesDecodeToTheSameValue(_ name: String) throws {
        let status = try JSONDecoder().decode(Status.self, from: try Fixtures.data(name))
        let again = try JSONDecoder().decode(Status.self, from: try JSONEncoder().encode(status))
        #expect(again == status)
        let account = try JSONDecoder().decode(
            Account.self, from: try Fixtures.data("account_remote_with_emoji.mastodon-social.json"))
        #expect(try JSONDecoder().decode(Account.self, from: try JSONEncoder().encode(account)) == account)
    }
}
