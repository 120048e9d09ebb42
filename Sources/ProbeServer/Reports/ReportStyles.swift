/// The stylesheet of the report pages, served by the server at `path`.
///
/// A Swift string rather than a file in `Public/`: the pages must look right from any
/// checkout and the CSP (`style-src 'self'`) forbids inline styles, so the server serves
/// this text itself. Verdicts use colour *and* a word or symbol (WCAG 1.4.1), and the
/// colours keep a 4.5:1 contrast with their text.
public enum ReportStyles {
    /// Where the pages link it from; the server registers a GET route here.
    public static let path = "/assets/report.css"
    public static let contentType = "text/css; charset=utf-8"

    public static let css = """
    :root { color-scheme: light; --fg: #1b1f24; --muted: #57606a; --line: #d0d7de; --bg: #ffffff; --soft: #f6f8fa;
      --pass-bg: #dafbe1; --pass-fg: #0f5323; --fail-bg: #ffebe9; --fail-fg: #82071e;
      --warn-bg: #fff8c5; --warn-fg: #6b4b00; --info-bg: #ddf4ff; --info-fg: #0a3069;
      --skip-bg: #eaeef2; --skip-fg: #424a53; }
    * { box-sizing: border-box; }
    body { margin: 0 auto; max-width: 72rem; padding: 1rem; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
      color: var(--fg); background: var(--bg); }
    body.matrix-page { max-width: none; }
    h1 { font-size: 1.6rem; margin: .3rem 0; }
    h2 { font-size: 1.25rem; border-bottom: 1px solid var(--line); padding-bottom: .2rem; margin-top: 2rem; }
    h3 { font-size: 1.05rem; margin: 1.2rem 0 .4rem; }
    h4 { font-size: 1rem; margin: 0 0 .4rem; }
    a { color: #0550ae; }
    code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .9em; }
    code { background: var(--soft); border: 1px solid var(--line); border-radius: 4px; padding: 0 .25em; }
    .wrap { overflow-wrap: anywhere; word-break: break-word; }
    .crumbs { font-size: .9rem; }
    .label { color: var(--muted); margin: 0; }
    .verdict-block { border: 2px solid var(--line); border-radius: 8px; padding: .6rem 1rem; margin: .6rem 0 1rem; }
    .verdict-block.verdict-ready { border-color: var(--pass-fg); }
    .verdict-block.verdict-not-ready { border-color: var(--fail-fg); }
    .verdict-block.verdict-incomplete { border-color: var(--warn-fg); }
    .verdict { font-size: 1.1rem; }
    .reasons { margin: .3rem 0; padding-left: 1.2rem; }
    .badge, .count, .cell, .tag { border-radius: 4px; padding: .05em .4em; white-space: nowrap; border: 1px solid transparent; }
    .tag { background: var(--info-bg); color: var(--info-fg); font-size: .8em; }
    .verdict-ready, .v-pass, .c-verified, .c-inferred, .c-confirmed { background: var(--pass-bg); color: var(--pass-fg); }
    .verdict-not-ready, .v-fail, .c-failed { background: var(--fail-bg); color: var(--fail-fg); font-weight: 600; }
    .verdict-incomplete, .v-warn, .c-unverified, .c-unconfirmed { background: var(--warn-bg); color: var(--warn-fg); }
    .v-info, .c-not-observable { background: var(--info-bg); color: var(--info-fg); }
    .v-skipped, .v-not-run, .c-not-applicable { background: var(--skip-bg); color: var(--skip-fg); }
    .verdict-block.verdict-ready, .verdict-block.verdict-not-ready, .verdict-block.verdict-incomplete { background: var(--bg); color: var(--fg); font-weight: normal; }
    .finding { border: 1px solid var(--line); border-left-width: 6px; border-radius: 6px; padding: .6rem .8rem; margin: .6rem 0; background: var(--bg); color: var(--fg); font-weight: normal; }
    .finding.v-fail { border-left-color: var(--fail-fg); }
    .finding.v-warn { border-left-color: var(--warn-fg); }
    dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; margin: .3rem 0; }
    dt { font-weight: 600; color: var(--muted); }
    dd { margin: 0; overflow-wrap: anywhere; }
    table { border-collapse: collapse; width: 100%; }
    th, td { border: 1px solid var(--line); padding: .3rem .45rem; text-align: left; vertical-align: top; }
    thead th { background: var(--soft); }
    .remedy { margin-top: .4rem; }
    .remedy caption { text-align: left; font-weight: 600; color: var(--muted); }
    .remedy th { width: 11rem; font-weight: 600; }
    .remedy tr.this-app th, .remedy tr.this-app td { background: var(--info-bg); }
    .none { color: var(--muted); }
    .filter { display: flex; flex-wrap: wrap; gap: .6rem 1rem; align-items: end; margin: .6rem 0; }
    .filter label { display: flex; flex-direction: column; font-size: .9rem; color: var(--muted); }
    .filter input, .filter select, .filter button { font: inherit; padding: .25rem .4rem; }
    .legend { font-size: .9rem; }
    .scroll { overflow-x: auto; }
    table.matrix { width: auto; font-size: .8rem; }
    table.matrix th.probe { writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; font-weight: 500; }
    table.matrix td.cell { text-align: center; white-space: nowrap; }
    table.matrix td.device { max-width: 18rem; }
    footer { margin-top: 2rem; color: var(--muted); font-size: .85rem; }
    @media (prefers-color-scheme: dark) {
      :root { color-scheme: dark; --fg: #e6edf3; --muted: #9da7b3; --line: #3d444d; --bg: #0d1117; --soft: #161b22;
        --pass-bg: #0f3d1f; --pass-fg: #aff5b4; --fail-bg: #4c0c12; --fail-fg: #ffc1c0;
        --warn-bg: #3d2e00; --warn-fg: #f8e3a1; --info-bg: #0c2d6b; --info-fg: #cae8ff; --skip-bg: #262c36; --skip-fg: #c9d1d9; }
      a { color: #79c0ff; }
    }
    @media print {
      :root { --fg: #000; --muted: #333; --line: #999; --bg: #fff; --soft: #fff; }
      body { max-width: none; padding: 0; font-size: 10.5pt; }
      .crumbs, .filter, footer a { display: none; }
      a { color: inherit; text-decoration: none; }
      h2 { break-after: avoid; }
      .finding, tr { break-inside: avoid; }
      /* Colour may not print: the badges keep their words, and get a border to stand out. */
      .badge, .count, .cell { border-color: #000; }
      .scroll { overflow: visible; }
    }
    """
}
