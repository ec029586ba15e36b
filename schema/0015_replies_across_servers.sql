-- Replies across servers (issue 18): an imported post that replies to another server's post names its
-- parent by uri (an export holds no other server's ids for it), in status_ids.in_reply_to_id. Threads
-- find such a parent by its uri, and this index finds such replies from their parent. It holds nothing
-- for synced statuses (their in_reply_to_id is a server's id), so a sync pays nothing for it.
-- Nothing in this file may change once shipped: add a new numbered file instead.
CREATE INDEX status_ids_by_parent_uri ON status_ids(in_reply_to_id) WHERE in_reply_to_id LIKE 'http%';
