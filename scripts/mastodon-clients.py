"""Real Mastodon clients against `icebox serve` (issue 45), one step after another.

Run by scripts/test-mastodon-clients, which builds an archive from the loopback test server, starts
`icebox serve` and installs the clients from PyPI in a throwaway virtual environment. Each step takes the
shared state, checks what it is about, and adds what later steps need; a failed check raises and ends
the run. Add steps for more of the API to STEPS.

Usage: mastodon-clients.py BASE_URL OWNER_TOKEN ARCHIVE_HANDLE
"""
import hashlib
import json
import os
import re
import sqlite3
import subprocess
import sys
import time
import urllib.parse

import requests
from mastodon import Mastodon, MastodonAPIError, MastodonIllegalArgumentError, MastodonUnauthorizedError

# Mastodon.py reads the server's version from /api/v1/instance (serve's says 4.3.0, compatible).
CLIENT_OPTIONS = {"version_check_mode": "none"}

# Loopback only: never contacted (the approval's redirect is read from its Location, not followed).
REDIRECT = "http://127.0.0.1:9/callback"


class State:
    def __init__(self, base, owner_token, handle):
        self.base = base
        self.owner_token = owner_token
        self.handle = handle
        self.client_id = None
        self.client_secret = None
        self.code = None
        self.api = None
        self.token = None
        self.home = []


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def register_app(state):
    """Mastodon.create_app: POST /api/v1/apps, as every app begins."""
    state.client_id, state.client_secret = Mastodon.create_app(
        "Mastodon.py on Icebox", scopes=["read"], redirect_uris=REDIRECT, website="https://example.org",
        api_base_url=state.base)
    check(len(state.client_id) >= 32 and len(state.client_secret) >= 32, "client credentials")


def approve_as_owner(state):
    """auth_request_url, then the owner approves on the reader's page with the printed token's cookie."""
    app = Mastodon(client_id=state.client_id, client_secret=state.client_secret, api_base_url=state.base,
                   **CLIENT_OPTIONS)
    url = app.auth_request_url(redirect_uris=REDIRECT, scopes=["read"], state="step-2")
    check(url.startswith(state.base + "/oauth/authorize?"), f"authorize URL {url}")
    owner = requests.Session()
    port = urllib.parse.urlsplit(state.base).port
    owner.cookies.set(f"icebox-{port}", state.owner_token)
    stranger = requests.get(url, allow_redirects=False)
    check(stranger.status_code == 403, f"the approval page without the owner's secret: {stranger.status_code}")
    page = owner.get(url, allow_redirects=False)
    check(page.status_code == 200 and "Mastodon.py on Icebox" in page.text, f"approval page {page.status_code}")
    nonce = re.search(r'name="nonce" value="([A-Za-z0-9_-]+)"', page.text).group(1)
    account = re.search(r'name="account" value="([^"]+)"', page.text).group(1)
    check(account == state.handle, f"the page offers {account}, not {state.handle}")
    approved = owner.post(state.base + "/oauth/authorize", allow_redirects=False,
                          data={"nonce": nonce, "account": account, "decision": "approve"},
                          headers={"Origin": state.base})
    check(approved.status_code == 303, f"approval answered {approved.status_code}: {approved.text[:200]}")
    location = urllib.parse.urlsplit(approved.headers["Location"])
    query = urllib.parse.parse_qs(location.query)
    check(location._replace(query="").geturl() == REDIRECT, f"sent to {location.geturl()}")
    check(query["state"] == ["step-2"], f"state {query.get('state')}")
    state.code = query["code"][0]


def log_in(state):
    """log_in(code=…): POST /oauth/token with the code; the token reads, and read only."""
    state.api = Mastodon(client_id=state.client_id, client_secret=state.client_secret, api_base_url=state.base,
                         **CLIENT_OPTIONS)
    token = state.api.log_in(code=state.code, redirect_uri=REDIRECT, scopes=["read"])
    check(len(token) == 43, "a 256-bit token")
    state.token = token
    try:
        state.api.log_in(code=state.code, redirect_uri=REDIRECT, scopes=["read"])
        raise AssertionError("a code was taken twice")
    except MastodonIllegalArgumentError as error:
        check("invalid_grant" in str(error), f"a code taken twice: {error}")


def archived(sql, *arguments):
    """Rows of the served archive's own file (read-only), what the API must give back."""
    path = os.path.join(os.environ["ICEBOX_HOME"], "archive.sqlite")
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as database:
        return database.execute(sql, arguments).fetchall()


def timeline_uris(spec):
    return [row[0] for row in archived(
        "SELECT s.uri FROM timeline_statuses ts JOIN timelines t ON t.id = ts.timeline_id "
        "JOIN statuses s ON s.id = ts.status_id WHERE t.spec = ? ORDER BY s.created_at DESC, s.id DESC", spec)]


def all_pages(api, first):
    """Every status from a first page on, by fetch_next (the Link header's next)."""
    statuses = []
    page = first
    while page:
        statuses += page
        page = api.fetch_next(page)
    return statuses


def instance(state):
    """instance(): the archive names itself, says it is Icebox, and Mastodon.py reads its version."""
    info = state.api.instance()
    check("Icebox" in info["title"] and state.handle in info["title"], f"title {info['title']}")
    check(info["version"].startswith("4.3.0 (compatible; Icebox"), f"version {info['version']}")
    check(state.api.verify_minimum_version("4.0.0", cached=False), "Mastodon.py reads the version")
    me = state.api.account_verify_credentials()
    check(me["acct"] == state.handle and me["id"] == state.handle, f"verify_credentials {me['acct']}")


def home_to_the_end(state):
    """timeline_home, then fetch_next to the end: every archived home status once, in the archive's order."""
    statuses = all_pages(state.api, state.api.timeline_home(limit=40))
    expected = timeline_uris("home")
    check(len(expected) > 40, f"a home of {len(expected)} statuses pages more than once")
    check([status["uri"] for status in statuses] == expected, "home: every archived status once, in order")
    ids = [int(status["id"]) for status in statuses]
    check(ids == sorted(ids, reverse=True), "ids newest first")
    state.home = statuses


def thread(state):
    """status_context: a reply's parent is the last of its ancestors, and has it below."""
    replies = [s for s in state.home if s["in_reply_to_id"] is not None]
    check(replies, "the home timeline has replies whose parents are archived")
    for reply in replies[:3]:
        context = state.api.status_context(reply["id"])
        check(context["ancestors"] and context["ancestors"][-1]["id"] == reply["in_reply_to_id"], "ancestors")
        parent = state.api.status(reply["in_reply_to_id"])
        below = state.api.status_context(parent["id"])["descendants"]
        check(any(status["id"] == reply["id"] for status in below), "the parent's descendants")


def tag(state):
    """timeline_hashtag: every archived post with the tag, newest first."""
    name, = archived("SELECT tag FROM status_tags GROUP BY tag ORDER BY count(*) DESC, tag LIMIT 1")[0]
    expected = [row[0] for row in archived(
        "SELECT s.uri FROM status_tags t JOIN statuses s ON s.id = t.status_id WHERE t.tag = ? "
        "ORDER BY s.created_at DESC, s.id DESC", name)]
    check(len(expected) > 1, f"#{name} has posts")
    statuses = all_pages(state.api, state.api.timeline_hashtag(name, limit=40))
    check([status["uri"] for status in statuses] == expected, f"#{name}: {len(statuses)} of {len(expected)}")


def bookmarks_and_favourites(state):
    """bookmarks() and favourites(): the account's archived lists of them, in order."""
    for name, first in [("bookmarks", state.api.bookmarks(limit=40)), ("favourites", state.api.favourites(limit=40))]:
        statuses = all_pages(state.api, first)
        expected = timeline_uris(name)
        check(expected, f"the corpus has {name}")
        check([status["uri"] for status in statuses] == expected, f"{name}: {len(statuses)} of {len(expected)}")


def a_list(state):
    """lists() and timeline_list: the archived lists, and a pinned one's statuses."""
    lists = state.api.lists()
    pinned = [row[0][len("list:"):] for row in archived("SELECT spec FROM timelines WHERE spec LIKE 'list:%'")]
    check(len(lists) >= 1 and pinned, f"lists {len(lists)}, pinned {pinned}")
    check(pinned[0] in [entry["id"] for entry in lists], "the pinned list is listed")
    statuses = all_pages(state.api, state.api.timeline_list(pinned[0], limit=40))
    check([s["uri"] for s in statuses] == timeline_uris("list:" + pinned[0]), "the list's statuses")


def account_statuses(state):
    """account_statuses: an author's archived posts (without boosts), newest first."""
    author, = archived(
        "SELECT author_handle FROM statuses WHERE reblog_uri IS NULL GROUP BY author_handle "
        "ORDER BY count(*) DESC, author_handle LIMIT 1")[0]
    account = state.api.account_lookup(author)
    statuses = all_pages(state.api, state.api.account_statuses(account["id"], exclude_reblogs=True, limit=40))
    expected = [row[0] for row in archived(
        "SELECT uri FROM statuses WHERE author_handle = ? AND reblog_uri IS NULL ORDER BY created_at DESC, id DESC",
        author)]
    check([s["uri"] for s in statuses] == expected, f"{author}: {len(statuses)} of {len(expected)}")


def search(state):
    """search_v2: the statuses `icebox search` finds, in the same order, and the hashtags and accounts."""
    found_any = 0
    for word in ["coffee", "swift", "photography", "mastodon"]:
        cli = subprocess.run([os.environ["ICEBOX"], "search", "--json", "--limit", "40", word, "--home",
                              os.environ["ICEBOX_HOME"]], capture_output=True, text=True)
        expected = [hit["uri"] for hit in json.loads(cli.stdout or "[]")]
        found = state.api.search_v2(word, result_type="statuses", limit=40)["statuses"]
        check([status["uri"] for status in found] == expected, f"search {word}: {len(found)} vs {len(expected)}")
        found_any += len(found)
    check(found_any > 0, "the searches find something")
    name, = archived("SELECT tag FROM status_tags ORDER BY tag LIMIT 1")[0]
    tags = state.api.search_v2("#" + name, result_type="hashtags")["hashtags"]
    check(any(entry["name"] == name for entry in tags), f"hashtag {name}")
    accounts = state.api.search_v2(state.handle.split("@")[0], result_type="accounts")["accounts"]
    check(any(entry["acct"] == state.handle for entry in accounts), "the account by its name")


def media(state):
    """A kept attachment loads from the address the API gave, with no token: its bytes are its hash's."""
    addresses = [attachment["url"] for status in state.home for attachment in
                 (status["reblog"] or status)["media_attachments"] if "/media/" in (attachment["url"] or "")]
    check(addresses, "the home timeline has kept media")
    for address in addresses[:3]:
        answer = requests.get(address)
        digest = urllib.parse.urlsplit(address).path.rsplit("/", 1)[1][:64]
        check(answer.status_code == 200 and hashlib.sha256(answer.content).hexdigest() == digest, address)


def notifications(state):
    """notifications(), then fetch_next to the end: every archived notification once, newest first, with its
    server's id; a notification's status is the archived status, by the API's id."""
    found = all_pages(state.api, state.api.notifications(limit=7))
    expected = archived("SELECT notification_id, status_uri FROM notifications "
                        "ORDER BY length(notification_id) DESC, notification_id DESC")
    check(len(expected) > 7, f"the corpus has {len(expected)} notifications, more than a page")
    check([str(entry["id"]) for entry in found] == [row[0] for row in expected],
          f"notifications: {len(found)} of {len(expected)}, in order")
    about = [entry for entry in found if entry.get("status")]
    check(about, "some notifications are about an archived status")
    uris = dict(expected)
    for entry in about[:5]:
        check(entry["status"]["uri"] == uris[str(entry["id"])], "the notification's status")
        check(state.api.status(entry["status"]["id"])["uri"] == entry["status"]["uri"], "its status by the API's id")
        check("@" in entry["account"]["acct"], "its account by the full handle")


def markers(state):
    """markers_set, then markers_get: the home marker read back as set, its version counted on."""
    first, second = state.home[0]["id"], state.home[1]["id"]
    set_first = state.api.markers_set(["home"], [first])
    check(str(set_first["home"]["last_read_id"]) == str(first), f"markers_set {set_first}")
    state.api.markers_set(["home"], [second])
    read = state.api.markers_get(["home"])
    check(str(read["home"]["last_read_id"]) == str(second), f"markers_get {read}")
    check(read["home"]["version"] == set_first["home"]["version"] + 1, "the version counts on")


def writes_refused(state):
    """Posting, favouriting, following: 403 'This archive is read-only'."""
    target = state.home[0]["id"]
    for attempt in [lambda: state.api.status_post("hello"), lambda: state.api.status_favourite(target),
                    lambda: state.api.status_delete(target), lambda: state.api.account_follow(state.handle)]:
        try:
            attempt()
            raise AssertionError("a write was accepted")
        except MastodonAPIError as error:
            check("read-only" in str(error) and "403" in str(error), f"refused as {error}")


def toot_reads(state):
    """toot, a terminal client, signed in with the same app and token: whoami, home, a status, a post refused."""
    host = urllib.parse.urlsplit(state.base).netloc
    username = state.handle.split("@")[0]
    config_dir = os.path.join(os.environ["XDG_CONFIG_HOME"], "toot")
    os.makedirs(config_dir, exist_ok=True)
    with open(os.path.join(config_dir, "config.json"), "w") as config:
        json.dump({
            "apps": {host: {"instance": host, "base_url": state.base, "client_id": state.client_id,
                            "client_secret": state.client_secret}},
            "users": {f"{username}@{host}": {"instance": host, "username": username, "access_token": state.token}},
            "active_user": f"{username}@{host}"}, config)

    def toot(*arguments):
        return subprocess.run(["toot", *arguments], capture_output=True, text=True, timeout=60)

    me = toot("whoami", "--json")
    check(me.returncode == 0 and json.loads(me.stdout)["acct"] == state.handle, f"toot whoami: {me.stderr}")
    home = toot("timelines", "home", "--json", "--limit", "40", "--no-pager")
    check(home.returncode == 0, f"toot timelines home: {home.stderr}")
    check([s["uri"] for s in json.loads(home.stdout)] == [s["uri"] for s in state.home[:40]], "toot's home page")
    shown = toot("status", state.home[0]["id"], "--json")
    check(shown.returncode == 0 and json.loads(shown.stdout)["id"] == state.home[0]["id"], f"toot status {shown.stderr}")
    thread_text = toot("thread", state.home[0]["id"])
    check(thread_text.returncode == 0, f"toot thread: {thread_text.stderr}")
    posted = toot("post", "hello from toot")
    check(posted.returncode != 0 and "read-only" in posted.stdout + posted.stderr, f"toot post: {posted.stderr}")


def verify_app(state):
    """app_verify_credentials: GET /api/v1/apps/verify_credentials with the token."""
    app = state.api.app_verify_credentials()
    check(app["name"] == "Mastodon.py on Icebox", f"app {app}")
    check(list(app["scopes"]) == ["read"], f"scopes {app['scopes']}")


def revoke(state):
    """revoke_access_token: POST /oauth/revoke; the token stops working at once."""
    state.api.revoke_access_token()
    try:
        state.api.app_verify_credentials()
        raise AssertionError("a revoked token still works")
    except MastodonUnauthorizedError:
        pass


STEPS = [register_app, approve_as_owner, log_in, instance, home_to_the_end, thread, tag, bookmarks_and_favourites,
         a_list, account_statuses, search, media, notifications, markers, writes_refused, toot_reads, verify_app, revoke]


def main():
    base, owner_token, handle = sys.argv[1:4]
    state = State(base.rstrip("/"), owner_token, handle)
    for step in STEPS:
        started = time.monotonic()
        step(state)
        print(f"mastodon-clients: {step.__name__}: ok ({time.monotonic() - started:.2f} s)", file=sys.stderr)
    print(f"mastodon-clients: {len(STEPS)} steps ok", file=sys.stderr)


if __name__ == "__main__":
    main()
