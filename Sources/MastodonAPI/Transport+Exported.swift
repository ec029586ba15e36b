/// The transport's values are part of this module's own API (a client is made for a ``ServerAddress``
/// within ``RequestLimits``; ``RedirectPolicy`` and ``StreamingOrigin`` decide where a token goes), so
/// whoever imports MastodonAPI sees them too.
@_exported import Transport
