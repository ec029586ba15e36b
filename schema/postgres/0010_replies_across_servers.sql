-- Replies across servers, as schema/0015_replies_across_servers.sql for SQLite: a reply that names its
-- parent by uri (an imported post replying to another server's post) is found from that parent. The
-- index holds nothing for synced statuses, whose in_reply_to_id is a server's id.
-- Nothing in this file may change once shipped: add a new numbered file instead.
CREATE INDEX status_ids_by_parent_uri ON status_ids(in_reply_to_id) WHERE in_reply_to_id LIKE 'http%';
