extension ExportDocument {
    /// The page's only styling, inline: readable in light and dark mode, images fit the column.
    static let stylesheet = """
        :root { color-scheme: light dark; --line: #8884; --muted: #777; --accent: #6364ff; }
        body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; }
        main { max-width: 46rem; margin: 0 auto; padding: 1.5rem 1rem 4rem; }
        header h1 { font-size: 1.4rem; margin: 0 0 .25rem; }
        .summary { color: var(--muted); margin: 0 0 1.5rem; }
        article { border-left: 3px solid var(--line); padding: .6rem .9rem; margin: 0 0 .9rem; border-radius: 4px; }
        article.focus { border-left-color: var(--accent); background: #6364ff14; }
        article.gone { opacity: .8; border-left-style: dashed; }
        article > header { display: flex; flex-wrap: wrap; align-items: center; gap: .2rem .5rem; }
        .avatar { width: 40px; height: 40px; border-radius: 6px; object-fit: cover; }
        .name { font-weight: 600; }
        .handle, time, .edited, .depth, footer { color: var(--muted); font-size: .875rem; }
        .cw { background: #f5a62326; padding: .3rem .5rem; border-radius: 4px; }
        .gone-note { color: #c0392b; font-size: .875rem; }
        .content p { margin: .4rem 0; overflow-wrap: anywhere; }
        .media { display: grid; grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr)); gap: .5rem; margin: .5rem 0; }
        figure { margin: 0; }
        figure img, figure video { width: 100%; max-height: 24rem; object-fit: contain; background: #0001; border-radius: 4px;
            image-rendering: auto; }
        figure audio { width: 100%; }
        figcaption { font-size: .8rem; color: var(--muted); }
        .missing { color: var(--muted); font-style: italic; }
        .poll, .links { padding-left: 1.2rem; margin: .4rem 0; font-size: .95rem; }
        .links a { overflow-wrap: anywhere; }
        footer { margin-top: .4rem; }
        a { color: var(--accent); }
        """
}
