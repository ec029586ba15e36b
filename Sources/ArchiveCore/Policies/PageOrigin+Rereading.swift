import Models

extension PageOrigin {
    /// Where a kept status came from, for archiving it now that it reads (`archiveKept` on either store).
    package init(rereading kept: KeptUnreadable, authority: CopyAuthority) {
        self.init(server: kept.server, authority: authority, timelineID: kept.timelineID, pageCursor: kept.pageCursor)
    }
}

extension KeptUnreadable {
    /// The page a kept status makes now that it reads, as `archiveKept` on either store writes it: its
    /// rows (see ``PageRow/rows(_:server:)``) and where it came from
    /// (``PageOrigin/init(rereading:authority:)``).
    package func page(readAs status: ArchivableStatus, authority: CopyAuthority) -> (
        rows: [PageRow], origin: PageOrigin
    ) {
        (PageRow.rows([status], server: server), PageOrigin(rereading: self, authority: authority))
    }
}
