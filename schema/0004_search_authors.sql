-- from:@user and from:@user@host compare handles without case (Mastodon usernames keep the case they
-- were registered with). This index lets a search start from an author's statuses, newest first.
-- Nothing in this file may change once shipped: add a new numbered file instead.
CREATE INDEX statuses_by_author_lower ON statuses(lower(author_handle), created_at);
