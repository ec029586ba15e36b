extension ExportDocument {
    /// The page's only styling, inline. Readable from a 360 px phone to a wide desktop, light or dark:
    /// one indentation step is `min(1.5rem, 4vw)` and there are at most ``maxIndentLevel`` of them, so
    /// a post's text column keeps most of the screen; long words and URLs wrap anywhere rather than
    /// widen the page; pictures shrink to the column and keep their aspect ratio.
    static let stylesheet = """
        :root { color-scheme: light dark; --line: #8884; --muted: #666; --accent: #5152e0; --step: min(1.5rem, 4vw);
            --focus: #6364ff14; --cw: #f5a62326; --gone: #b03020; --private: #a0522d; }
        @media (prefers-color-scheme: dark) {
            :root { --muted: #a8a8b0; --accent: #9a9bff; --focus: #6364ff26; --gone: #ff8070; --private: #f0a070; }
        }
        * { box-sizing: border-box; }
        body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; overflow-wrap: anywhere; }
        main { max-width: 52rem; margin: 0 auto; padding: 1.5rem clamp(.5rem, 3vw, 1rem) 4rem; }
        header h1 { font-size: 1.4rem; margin: 0 0 .25rem; }
        .summary { color: var(--muted); margin: 0 0 1rem; }
        article { border-left: 3px solid var(--line); padding: .6rem clamp(.5rem, 2.5vw, .9rem); margin: .9rem 0 0;
            border-radius: 4px; min-width: 0; }
        article.l1 { margin-left: var(--step); }
        article.l2 { margin-left: calc(2 * var(--step)); }
        article.l3 { margin-left: calc(3 * var(--step)); }
        article.continued { margin-top: .15rem; border-top-left-radius: 0; }
        article.focus { border-left-color: var(--accent); background: var(--focus); }
        article.gone { opacity: .85; border-left-style: dashed; }
        article > header { display: flex; flex-wrap: wrap; align-items: center; gap: .2rem .5rem; }
        .avatar { width: 40px; height: 40px; border-radius: 6px; object-fit: cover; flex: none; }
        .name { font-weight: 600; }
        .handle, time, .edited, .replying, .boosted, footer { color: var(--muted); font-size: .875rem; }
        .visibility { font-size: .8rem; font-weight: 600; color: var(--private); border: 1px solid currentColor;
            border-radius: 3px; padding: 0 .3rem; }
        .cw > summary { background: var(--cw); padding: .3rem .5rem; border-radius: 4px; cursor: pointer; }
        .cw[open] > summary { margin-bottom: .4rem; }
        .gone-note, .left-out { color: var(--gone); font-size: .875rem; }
        .content p, .content li, .content blockquote { margin: .4rem 0; }
        .content blockquote { border-left: 3px solid var(--line); padding-left: .7rem; margin-left: 0; }
        .content pre { white-space: pre-wrap; background: #8881; padding: .4rem .6rem; border-radius: 4px; }
        .content code { font-size: .92em; }
        .content ul, .content ol { padding-left: 1.4rem; }
        .emoji { height: 1.2em; width: auto; vertical-align: -.2em; }
        .media { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(12rem, 100%), 1fr)); gap: .5rem;
            margin: .5rem 0; }
        figure { margin: 0; min-width: 0; }
        figure img, figure video { display: block; width: auto; height: auto; max-width: 100%; max-height: 32rem;
            background: #8881; border-radius: 4px; }
        figure audio { width: 100%; }
        figcaption { font-size: .8rem; color: var(--muted); }
        .missing { color: var(--muted); font-style: italic; }
        .poll, .links { padding-left: 1.2rem; margin: .4rem 0; font-size: .95rem; }
        details.history { margin: .4rem 0; font-size: .95rem; }
        details.history summary { color: var(--muted); cursor: pointer; }
        details.history section { border-left: 2px solid var(--line); padding-left: .6rem; margin: .4rem 0; }
        .poll-total, .card-site { color: var(--muted); font-size: .875rem; margin: .2rem 0; }
        .card { border: 1px solid var(--line); border-radius: 6px; padding: .4rem .7rem; margin: .5rem 0; }
        .card p { margin: .2rem 0; }
        footer { margin-top: .4rem; }
        a { color: var(--accent); }
        """
}
