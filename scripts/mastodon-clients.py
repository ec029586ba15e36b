"""Real Mastodon clients against `icebox serve` (issue 45), one step after another.

Run by scripts/test-mastodon-clients, which builds an archive from the loopback test server, starts
`icebox serve` and installs the clients from PyPI in a throwaway virtual environment. Each step takes the
shared state, checks what it is about, and adds what later steps need; a failed check raises and ends
the run. Add steps for more of the API to STEPS.

Usage: mastodon-clients.py BASE_URL OWNER_TOKEN ARCHIVE_HANDLE
"""
import re
import sys
import time
import urllib.parse

import requests
from mastodon import Mastodon, MastodonIllegalArgumentError, MastodonUnauthorizedError

# Mastodon.py 2.3 asks /api/v1/instance for the server's version, and recurses without end when that
# fails; a version given up front skips the question. Drop it once serve answers /api/v1/instance.
CLIENT_OPTIONS = {"version_check_mode": "none", "mastodon_version": "4.3.0"}

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
    try:
        state.api.log_in(code=state.code, redirect_uri=REDIRECT, scopes=["read"])
        raise AssertionError("a code was taken twice")
    except MastodonIllegalArgumentError as error:
        check("invalid_grant" in str(error), f"a code taken twice: {error}")


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


STEPS = [register_app, approve_as_owner, log_in, verify_app, revoke]


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
