import ArchiveCore
import Export

/// The markup of the owner's approval page and of the out-of-band code: every text from an app (its
/// name, website, scopes) enters escaped.
enum OAuthApprovalPage {
    /// The app, what it asked and what it gets, the accounts to read as, and the buttons.
    static func main(app: APIApp, redirect: String, asked: String, accounts: [ArchivingAccount], nonce: String) -> HTML
    {
        var choices = HTML()
        for (index, account) in accounts.enumerated() {
            let checked: HTML = index == 0 ? " checked" : ""
            choices +=
                ("<label><input type=\"radio\" name=\"account\" value=\"\(account.handle)\"\(checked)> "
                    + "@\(account.handle) <small>(\(account.server))</small></label><br>\n")
        }
        let website: HTML = app.website.map { " (\($0))" } ?? ""
        return """
            <header><h1>Sign in to this archive</h1></header>
            <p><strong>\(app.name)</strong>\(website) asks to read this archive.</p>
            <p>It asked for “\(asked)”. The archive is read-only: it is granted <strong>read</strong> only.</p>
            <form method="post" action="/oauth/authorize">
            <input type="hidden" name="nonce" value="\(nonce)">
            <fieldset><legend>Read as</legend>
            \(choices)</fieldset>
            <p>Approving sends you back to \(redirect == OAuthRedirect.outOfBand ? "a page showing a code" : redirect).</p>
            <button type="submit" name="decision" value="approve">Approve</button>
            <button type="submit" name="decision" value="deny">Deny</button>
            </form>
            """
    }

    /// The code an out-of-band app asks its user to paste.
    static func code(_ code: String) -> HTML {
        """
        <header><h1>Signed in</h1></header>
        <p>Copy this code into the app (it works once, within 10 minutes):</p>
        <p><code>\(code)</code></p>
        """
    }
}
