import ProbeHTTP
import ProbeStore

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

    /// The per-run print rules (the run id in every page's margin) live at `printPath?run=ID`:
    /// a page-margin box cannot read the document (`attr()` does not reach it, and Chromium
    /// has no `string-set`), and the CSP forbids an inline `<style>`.
    public static let printPath = "/assets/report-print.css"

    /// Narrower than this, tables become one block per row with each cell's column name
    /// beside it: 40rem (640 px) holds the widest table's six columns legibly, a phone in
    /// portrait (320–430 px) does not.
    static let stackedBelow = "40rem"

    public static let css = """
    :root { color-scheme: light; --fg: #1b1f24; --muted: #57606a; --line: #d0d7de; --bg: #ffffff; --soft: #f6f8fa;
      --pass-bg: #dafbe1; --pass-fg: #0f5323; --fail-bg: #ffebe9; --fail-fg: #82071e;
      --warn-bg: #fff8c5; --warn-fg: #6b4b00; --info-bg: #ddf4ff; --info-fg: #0a3069;
      --skip-bg: #eaeef2; --skip-fg: #424a53; }
    * { box-sizing: border-box; }
    figure.snapshot { margin: 0.5rem 0 1rem; }
    figure.snapshot img { display: block; max-width: min(100%, 320px); height: auto; border: 1px solid var(--line); }
    figure.snapshot figcaption { color: var(--muted); font-size: 0.875rem; }
    html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
    /* Prose breaks between words only; a word longer than its line (a token the run sent)
       breaks where it overflows, and only ids, code and URLs break anywhere (CSS Text 3 §5.5,
       overflow-wrap: break-word leaves a word that fits whole, and min-content widths as they are). */
    body { margin: 0 auto; max-width: 72rem; padding: 1rem; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
      color: var(--fg); background: var(--bg); overflow-wrap: break-word; hyphens: manual; }
    .mono, code, a[href^="http"] { overflow-wrap: anywhere; }
    body.matrix-page { max-width: none; }
    h1 { font-size: 1.6rem; margin: .3rem 0; }
    h2 { font-size: 1.25rem; border-bottom: 1px solid var(--line); padding-bottom: .2rem; margin-top: 2rem; }
    h3 { font-size: 1.05rem; margin: 1.2rem 0 .4rem; }
    h4 { font-size: 1rem; margin: 0 0 .4rem; }
    a { color: #0550ae; }
    code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .9em; }
    code { background: var(--soft); border: 1px solid var(--line); border-radius: 4px; padding: 0 .25em; }
    /* Code to paste keeps its lines; a long one scrolls inside its block, never the page. */
    pre { max-width: 100%; overflow-x: auto; margin: .3rem 0; background: var(--soft); border: 1px solid var(--line); border-radius: 6px; }
    pre code { display: block; border: 0; padding: .5rem .6rem; white-space: pre; overflow-wrap: normal; background: none; }
    .wrap { overflow-wrap: anywhere; }
    .crumbs { font-size: .9rem; }
    .label { color: var(--muted); margin: 0; }
    .verdict-block { border: 2px solid var(--line); border-radius: 8px; padding: .6rem 1rem; margin: .6rem 0 1rem; }
    .verdict-block.verdict-ready { border-color: var(--pass-fg); }
    .verdict-block.verdict-not-ready { border-color: var(--fail-fg); }
    .verdict-block.verdict-incomplete { border-color: var(--warn-fg); }
    .verdict { font-size: 1.1rem; }
    .reasons { margin: .3rem 0; padding-left: 1.2rem; }
    .badge, .count, .cell, .tag { border-radius: 4px; padding: .05em .4em; white-space: nowrap; border: 1px solid transparent; }
    .counts { display: flex; flex-wrap: wrap; gap: .3rem; }
    .tag { background: var(--info-bg); color: var(--info-fg); font-size: .8em; }
    .verdict-ready, .v-pass, .c-verified, .c-inferred, .c-confirmed { background: var(--pass-bg); color: var(--pass-fg); }
    .verdict-not-ready, .v-fail, .c-failed { background: var(--fail-bg); color: var(--fail-fg); font-weight: 600; }
    .verdict-incomplete, .v-warn, .c-unverified, .c-unconfirmed { background: var(--warn-bg); color: var(--warn-fg); }
    .v-info, .c-not-observable { background: var(--info-bg); color: var(--info-fg); }
    .v-skipped, .v-not-run, .c-not-applicable { background: var(--skip-bg); color: var(--skip-fg); }
    .verdict-block.verdict-ready, .verdict-block.verdict-not-ready, .verdict-block.verdict-incomplete { background: var(--bg); color: var(--fg); font-weight: normal; }
    .summary { border: 1px solid var(--line); border-radius: 8px; padding: .5rem .8rem; margin: 0 0 1rem; }
    .summary h2 { margin-top: .2rem; }
    .summary .missing { color: var(--muted); font-style: italic; }
    .finding { border: 1px solid var(--line); border-left-width: 6px; border-radius: 6px; padding: .6rem .8rem; margin: .6rem 0; background: var(--bg); color: var(--fg); font-weight: normal; min-width: 0; }
    .finding.v-fail { border-left-color: var(--fail-fg); }
    .finding.v-warn { border-left-color: var(--warn-fg); }
    .consequences { margin: .4rem 0 0; }
    .consequences ul { margin: .2rem 0; padding-left: 1.2rem; }
    .fix { margin: .5rem 0; min-width: 0; }
    .fix-head { display: flex; flex-wrap: wrap; align-items: center; gap: .3rem .6rem; }
    .fix.this-app pre { border-color: var(--info-fg); }
    .copy { font: inherit; font-size: .85rem; padding: .1rem .6rem; border: 1px solid var(--line); border-radius: 4px; background: var(--soft); color: var(--fg); cursor: pointer; }
    .copy[hidden] { display: none; }
    details > summary { cursor: pointer; }
    dl { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: .2rem 1rem; margin: .3rem 0; }
    dt { font-weight: 600; color: var(--muted); }
    dd { margin: 0; min-width: 0; }
    table { border-collapse: collapse; width: 100%; }
    /* Wide enough for rows: fixed column widths, so a long token in a cell breaks at the
       cell's edge instead of widening the table, and the table never squeezes a column
       narrower than its words (CSS 2.1 §17.5.2.1, the fixed table layout). */
    @media (min-width: \(stackedBelow)), print {
      table.grid { table-layout: fixed; }
      #probes th:nth-child(1) { width: 13%; } #probes th:nth-child(2) { width: 24%; } #probes th:nth-child(3) { width: 10%; }
      #probes th:nth-child(4) { width: 37%; } #probes th:nth-child(5) { width: 8%; } #probes th:nth-child(6) { width: 8%; }
      #checklist th:nth-child(1) { width: 36%; } #checklist th:nth-child(2) { width: 12%; } #checklist th:nth-child(3) { width: 13%; }
      #checklist th:nth-child(4) { width: 14%; } #checklist th:nth-child(5) { width: 25%; }
      #uploads th:nth-child(1) { width: 18%; } #uploads th:nth-child(6) { width: 22%; }
    }
    th, td { border: 1px solid var(--line); padding: .3rem .45rem; text-align: left; vertical-align: top; }
    thead th { background: var(--soft); }
    .none { color: var(--muted); }
    .sub { color: var(--muted); font-size: .85em; }
    .filter { display: flex; flex-wrap: wrap; gap: .6rem 1rem; align-items: end; margin: .6rem 0; }
    .filter label { display: flex; flex-direction: column; font-size: .9rem; color: var(--muted); }
    .filter input, .filter select, .filter button { font: inherit; padding: .25rem .4rem; max-width: 100%; }
    .legend { font-size: .9rem; display: flex; flex-wrap: wrap; gap: .3rem .8rem; }
    .scroll { overflow-x: auto; max-width: 100%; }
    /* The matrix scrolls in its own box; Run (and, where there is room, Device and Verdict)
       stay put while it does (CSS Positioned Layout 3, position: sticky). */
    .matrix-scroll { overflow-x: auto; max-width: 100%; border: 1px solid var(--line); border-radius: 6px; }
    table.matrix { width: max-content; border-collapse: separate; border-spacing: 0; font-size: .8rem; }
    table.matrix th, table.matrix td { border-width: 0 1px 1px 0; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; vertical-align: middle; }
    table.matrix thead th { vertical-align: bottom; }
    table.matrix th.probe { writing-mode: vertical-rl; transform: rotate(180deg); font-weight: 500; max-height: 12rem; }
    table.matrix td.cell { text-align: center; }
    table.matrix .run, table.matrix .device, table.matrix .verdict { background: var(--bg); }
    table.matrix thead .run, table.matrix thead .device, table.matrix thead .verdict { background: var(--soft); }
    /* On a phone only Run stays put: three sticky columns would cover the whole box. */
    table.matrix .run { position: sticky; left: 0; z-index: 2; width: 6.5rem; min-width: 6.5rem; max-width: 6.5rem; }
    table.matrix .device { width: 7rem; min-width: 7rem; max-width: 7rem; }
    table.matrix .verdict { width: 13rem; min-width: 13rem; max-width: 13rem; }
    table.matrix .verdict { font-size: inherit; }
    table.matrix .about { max-width: 10rem; }
    table.matrix .verdict .badge { margin-right: .3rem; }
    @media (min-width: 48rem) {
      table.matrix .run { width: 9rem; min-width: 9rem; max-width: 9rem; }
      table.matrix .device { position: sticky; left: 9rem; z-index: 2; width: 12rem; min-width: 12rem; max-width: 12rem; }
      table.matrix .verdict { position: sticky; left: 21rem; z-index: 2; width: 16rem; min-width: 16rem; max-width: 16rem; box-shadow: 2px 0 0 var(--line); }
    }
    .signin form { display: flex; flex-wrap: wrap; gap: .5rem; align-items: end; margin: 1rem 0; }
    .signin label { display: flex; flex-direction: column; gap: .2rem; flex: 1 1 14rem; font-weight: 600; }
    .signin input { font: inherit; padding: .45rem .5rem; width: 100%; }
    .signin button { font: inherit; padding: .45rem 1rem; min-height: 2.75rem; }
    .problem { border-left: 4px solid var(--fail-fg); background: var(--fail-bg); color: var(--fail-fg); padding: .4rem .6rem; }
    footer { margin-top: 2rem; color: var(--muted); font-size: .85rem; }
    @media (max-width: \(stackedBelow)) {
      body { padding: .75rem; }
      .verdict-block, .summary, .finding { padding: .5rem .6rem; }
      ol, ul { padding-left: 1.1rem; }
      dl { grid-template-columns: minmax(0, 1fr); gap: 0; }
      dt { margin-top: .4rem; }
      /* A table row becomes a block, each cell labelled with its column's name (data-label). */
      table.grid, table.grid tbody, table.grid tr, table.grid td { display: block; width: auto; }
      table.grid thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
      table.grid tr { border: 1px solid var(--line); border-radius: 6px; margin: .5rem 0; padding: .3rem .5rem; }
      table.grid td { border: 0; padding: .1rem 0; }
      table.grid td::before { content: attr(data-label) ": "; font-weight: 600; color: var(--muted); }
    }
    @media (prefers-color-scheme: dark) {
      :root { color-scheme: dark; --fg: #e6edf3; --muted: #9da7b3; --line: #3d444d; --bg: #0d1117; --soft: #161b22;
        --pass-bg: #0f3d1f; --pass-fg: #aff5b4; --fail-bg: #4c0c12; --fail-fg: #ffc1c0;
        --warn-bg: #3d2e00; --warn-fg: #f8e3a1; --info-bg: #0c2d6b; --info-fg: #cae8ff; --skip-bg: #262c36; --skip-fg: #c9d1d9; }
      a { color: #79c0ff; }
    }
    /* Page-margin boxes (CSS Paged Media 3 §5; Chromium 131+): the page number on every page,
       the run id from the per-run sheet at printPath. */
    @page { margin: 16mm 12mm;
      @bottom-right { content: "Page " counter(page) " of " counter(pages); font: 9pt system-ui, sans-serif; color: #333; } }
    @media print {
      :root { color-scheme: light; --fg: #000; --muted: #333; --line: #999; --bg: #fff; --soft: #fff; }
      /* Paper is read at arm's length: 10pt prose and 8.5pt tables keep a denied camera's report
         to a few pages (the printed-report test counts them). */
      body { max-width: none; padding: 0; font-size: 10pt; line-height: 1.35; }
      table.grid { font-size: 8.5pt; }
      th, td { padding: .15rem .3rem; }
      h2 { margin-top: 1.2rem; }
      .finding { padding: .4rem .6rem; }
      .crumbs, .filter, .formats, .copy, .no-print { display: none !important; }
      a { color: inherit; text-decoration: none; }
      /* An outside link is no use on paper without its address. */
      a[href^="http"]::after { content: " (" attr(href) ")"; font-size: .85em; color: #333; overflow-wrap: anywhere; }
      h2, h3, h4 { break-after: avoid; }
      tr, .fix, .summary, dl > dd { break-inside: avoid; }
      /* What is folded on screen stays folded on paper: the detected wrapper's fix prints,
         the other wrappers' fixes and other platforms' items are only named (HTML, the
         details element: its content is hidden while it is closed). */
      details:not([open]) > :not(summary) { display: none !important; }
      details > summary { list-style: none; font-weight: 600; }
      details > summary::-webkit-details-marker { display: none; }
      details:not([open]) > summary::after { content: ": in the report online"; font-weight: normal; }
      .details { break-before: avoid; }
      /* Colour may not print: the badges keep their words, and get a border to stand out. */
      .badge, .count, .cell { border-color: #000; }
      .scroll, .matrix-scroll { overflow: visible; }
      pre { overflow: visible; }
      pre code { white-space: pre-wrap; overflow-wrap: anywhere; }
    }
    """

    /// The print rules of one run's page: its id in the top-right margin of every page. The
    /// id is written as a CSS string with everything but `[A-Za-z0-9_-]` escaped (CSS Syntax 3 §4.3.7).
    public static func printCSS(runID: String) -> String {
        let escaped = TextEscape.map(String(runID.prefix(200))) { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-", "_": nil
            default: "\\" + String(scalar.value, radix: 16) + " "
            }
        }
        return """
        @page { @top-right { content: "Run \(escaped)"; font: 9pt system-ui, sans-serif; color: #333; } }

        """
    }
}
