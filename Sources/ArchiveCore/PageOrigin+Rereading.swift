extension PageOrigin {
    /// Where a kept status came from, for archiving it now that it reads (`archiveKept` on either store).
    package init(rereading kept: KeptUnreadable, authority: CopyAuthority) {
        self.init(server: kept.server, authority: authority, timelineID: kept.timelineID, pageCursor: kept.pageCursor)
    }
}
