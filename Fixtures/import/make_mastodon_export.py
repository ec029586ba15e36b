#!/usr/bin/env python3
"""Writes Fixtures/import/mastodon-export/: a Mastodon account export as Mastodon's BackupService lays
it out (see SOURCES.md). Run again after changing it; the files are checked in."""
import json, os, struct, zlib

HOST = "social.example"
ACTOR = f"https://{HOST}/users/alice"
PUBLIC = "https://www.w3.org/ns/activitystreams#Public"
FOLLOWERS = ACTOR + "/followers"
BOB = "https://other.example/users/bob"
CONTEXT = ["https://www.w3.org/ns/activitystreams", {"ostatus": "http://ostatus.org#", "atomUri": "ostatus:atomUri",
           "sensitive": "as:sensitive", "toot": "http://joinmastodon.org/ns#", "Emoji": "toot:Emoji",
           "blurhash": "toot:blurhash", "votersCount": "toot:votersCount", "Hashtag": "as:Hashtag"}]
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "mastodon-export")

def png(rgb):
    """A 2x2 PNG of one colour."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
    raw = b"".join(b"\x00" + bytes(rgb) * 2 for _ in range(2))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0)) + \
        chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")

def note(n, published, content, to, cc, **extra):
    uri = f"{ACTOR}/statuses/{n}"
    obj = {"id": uri, "type": "Note", "summary": None, "inReplyTo": None, "published": published,
           "url": f"https://{HOST}/@alice/{n}", "attributedTo": ACTOR, "to": to, "cc": cc, "sensitive": False,
           "atomUri": uri, "inReplyToAtomUri": None, "conversation": f"tag:{HOST},2024:objectId={n}:objectType=Conversation",
           "content": content, "contentMap": {"en": content}, "attachment": [], "tag": [],
           "replies": {"id": uri + "/replies", "type": "Collection",
                       "first": {"type": "CollectionPage", "next": uri + "/replies?only_other_accounts=true&page=true",
                                 "partOf": uri + "/replies", "items": []}}}
    obj.update(extra)
    if "contentMap" in extra and extra["contentMap"] is None:
        del obj["contentMap"]
    return obj

def create(obj):
    return {"id": obj["id"] + "/activity", "type": "Create", "actor": ACTOR, "published": obj["published"],
            "to": obj["to"], "cc": obj["cc"], "object": obj}

def announce(n, published, target):
    return {"id": f"{ACTOR}/statuses/{n}/activity", "type": "Announce", "actor": ACTOR, "published": published,
            "to": [PUBLIC], "cc": [BOB, FOLLOWERS], "object": target}

red = "media_attachments/files/111/000/001/original/5a1b2c3d4e5f6071.png"
blue = "media_attachments/files/111/000/002/original/8091a2b3c4d5e6f7.png"
green = "media_attachments/files/111/000/003/original/0f1e2d3c4b5a6978.png"
items = [
    create(note(111000000000000001, "2024-03-01T09:00:00Z",
                '<p>Hello <a href="https://social.example/tags/swift" class="mention hashtag" rel="tag">#<span>Swift</span></a> '
                'friends :blob: <span class="h-card"><a href="https://other.example/@bob" class="u-url mention">@<span>bob</span></a></span></p>',
                [PUBLIC], [FOLLOWERS, BOB],
                tag=[{"type": "Mention", "href": BOB, "name": "@bob@other.example"},
                     {"type": "Hashtag", "href": f"https://{HOST}/tags/swift", "name": "#Swift"},
                     {"id": f"https://{HOST}/emojis/1", "type": "Emoji", "name": ":blob:", "updated": "2024-01-01T00:00:00Z",
                      "icon": {"type": "Image", "mediaType": "image/png", "url": f"https://{HOST}/system/custom_emojis/images/000/000/001/original/blob.png"}}],
                attachment=[{"type": "Document", "mediaType": "image/png", "url": red, "name": "A red square on white",
                             "blurhash": "U00000fQfQfQfQfQfQfQfQfQfQfQ", "width": 2, "height": 2}])),
    create(note(111000000000000002, "2024-03-02T10:30:00Z", "<p>The ending of the film is sad</p>",
                [FOLLOWERS], [PUBLIC], summary="film spoilers", sensitive=True,
                contentMap={"fr": "<p>The ending of the film is sad</p>"})),
    create(note(111000000000000003, "2024-03-02T11:00:00Z", "<p>Replying to myself, followers only</p>",
                [FOLLOWERS], [], inReplyTo=f"{ACTOR}/statuses/111000000000000001")),
    create(note(111000000000000004, "2024-03-03T08:15:00Z",
                '<p><span class="h-card"><a href="https://other.example/@bob" class="u-url mention">@<span>bob</span></a></span> a direct message</p>',
                [BOB], [], tag=[{"type": "Mention", "href": BOB, "name": "@bob@other.example"}])),
    create(note(111000000000000005, "2024-03-04T12:00:00Z", "<p>Tea or coffee?</p>", [PUBLIC], [FOLLOWERS],
                type="Question", endTime="2024-03-05T12:00:00Z", votersCount=7,
                oneOf=[{"type": "Note", "name": "Tea", "replies": {"type": "Collection", "totalItems": 4}},
                       {"type": "Note", "name": "Coffee", "replies": {"type": "Collection", "totalItems": 3}}])),
    create(note(111000000000000006, "2024-03-05T07:00:00Z", "<p>Edited: fixed a typo</p>", [PUBLIC], [FOLLOWERS],
                updated="2024-03-05T07:20:00Z")),
    announce(111000000000000007, "2024-03-06T09:00:00Z", "https://other.example/users/bob/statuses/999"),
    # A post of hers that was deleted, then (before the deletion) boosted by her: only the boost remains.
    announce(111000000000000008, "2024-03-06T10:00:00Z", f"{ACTOR}/statuses/110999999999999999"),
    create(note(111000000000000009, "2024-03-07T18:00:00Z", "<p>Which days work?</p>", [PUBLIC], [FOLLOWERS],
                type="Question", closed="2024-03-08T18:00:00Z", endTime="2024-03-08T18:00:00Z", votersCount=2,
                anyOf=[{"type": "Note", "name": "Monday", "replies": {"type": "Collection", "totalItems": 2}},
                       {"type": "Note", "name": "Friday", "replies": {"type": "Collection", "totalItems": 1}}])),
    create(note(111000000000000010, "2024-03-08T20:00:00Z", "<p>Two pictures, one described</p>", [PUBLIC], [FOLLOWERS],
                attachment=[{"type": "Document", "mediaType": "image/png", "url": blue, "name": None, "width": 2, "height": 2},
                            {"type": "Document", "mediaType": "image/png", "url": green, "name": "Green, \"quoted\" & <b>bold</b>",
                             "width": 2, "height": 2}])),
    # Boosting her own surviving post.
    announce(111000000000000011, "2024-03-09T08:00:00Z", f"{ACTOR}/statuses/111000000000000005"),
]
outbox = {"@context": CONTEXT, "id": "outbox.json", "type": "OrderedCollection", "totalItems": len(items), "orderedItems": items}
actor = {"@context": CONTEXT, "id": ACTOR, "type": "Person", "following": ACTOR + "/following", "followers": FOLLOWERS,
         "inbox": ACTOR + "/inbox", "outbox": "outbox.json", "preferredUsername": "alice", "name": "Alice Liddell",
         "summary": "<p>Down the rabbit hole</p>", "url": f"https://{HOST}/@alice", "manuallyApprovesFollowers": False,
         "published": "2023-01-01T00:00:00Z", "icon": {"type": "Image", "mediaType": "image/png", "url": "avatar.png"},
         "likes": "likes.json", "bookmarks": "bookmarks.json"}
likes = {"@context": "https://www.w3.org/ns/activitystreams", "id": "likes.json", "type": "OrderedCollection", "totalItems": 2,
         "orderedItems": ["https://other.example/users/bob/statuses/999", "https://third.example/users/carol/statuses/42"]}
bookmarks = {"@context": "https://www.w3.org/ns/activitystreams", "id": "bookmarks.json", "type": "OrderedCollection",
             "totalItems": 1, "orderedItems": ["https://third.example/users/carol/statuses/43"]}

def write(path, data):
    full = os.path.join(root, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "wb") as f:
        f.write(data)

for path, colour in [(red, (255, 0, 0)), (blue, (0, 0, 255)), (green, (0, 255, 0))]:
    write(path, png(colour))
write("avatar.png", png((200, 200, 200)))
dump = lambda o: json.dumps(o, ensure_ascii=False, separators=(",", ":")).encode()
write("outbox.json", dump(outbox))
write("actor.json", dump(actor))
write("likes.json", dump(likes))
write("bookmarks.json", dump(bookmarks))
