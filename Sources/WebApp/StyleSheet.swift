enum StyleSheet {
    static let css = """
    :root { --ink:#1d2330; --muted:#667085; --line:#e4e7ec; --bg:#f7f8fa; --accent:#2f6fed; --warn:#b54708; --warnbg:#fef0c7; --ok:#067647; --okbg:#dcfae6; --mark:#fff3a3; }
    * { box-sizing: border-box; }
    body { margin:0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color:var(--ink); background:var(--bg); }
    a { color: var(--accent); text-decoration: none; } a:hover { text-decoration: underline; }
    header.top { display:flex; align-items:center; gap:1.5rem; padding:.6rem 1.2rem; background:#fff; border-bottom:1px solid var(--line); flex-wrap:wrap; }
    .brand { font-weight:700; font-size:1.15rem; color:var(--ink); }
    nav { display:flex; gap:1rem; align-items:center; flex-wrap:wrap; flex:1; }
    nav .search { margin-left:auto; } nav .search input { width:14rem; }
    nav form { margin:0; }
    main { padding:1.2rem; max-width:1200px; margin:0 auto; }
    h1 { font-size:1.5rem; margin:.2rem 0 .6rem; } h2 { font-size:1.1rem; margin:1.2rem 0 .5rem; }
    .crumbs, .meta { color:var(--muted); margin:.2rem 0; }
    .kind { font-size:.8rem; font-weight:500; color:var(--muted); border:1px solid var(--line); border-radius:1rem; padding:.1rem .5rem; vertical-align:middle; }
    table.list { width:100%; border-collapse:collapse; background:#fff; border:1px solid var(--line); border-radius:8px; overflow:hidden; }
    table.list th, table.list td { padding:.5rem .7rem; border-bottom:1px solid var(--line); text-align:left; vertical-align:middle; }
    table.list th { font-size:.8rem; text-transform:uppercase; letter-spacing:.03em; color:var(--muted); background:#fbfbfc; }
    table.compact td, table.compact th { padding:.3rem .6rem; }
    .num { text-align:right !important; font-variant-numeric: tabular-nums; }
    .empty { color:var(--muted); font-style:italic; }
    .thumb img { width:56px; height:56px; object-fit:cover; border-radius:4px; border:1px solid var(--line); display:block; }
    .nothumb { display:inline-block; width:56px; height:56px; line-height:56px; text-align:center; background:#eef; border-radius:4px; font-size:.75rem; }
    .badge { display:inline-block; font-size:.75rem; font-weight:600; padding:.1rem .5rem; border-radius:1rem; }
    .badge.review { background:var(--warnbg); color:var(--warn); } .badge.filed { background:var(--okbg); color:var(--ok); }
    .card { background:#fff; border:1px solid var(--line); border-radius:8px; padding:1rem 1.2rem; margin:1.2rem 0; }
    .card.narrow { max-width:420px; margin:3rem auto; }
    form.grid { display:grid; grid-template-columns: repeat(auto-fill, minmax(180px, 1fr)); gap:.7rem 1rem; align-items:end; }
    label { display:flex; flex-direction:column; gap:.2rem; font-size:.85rem; color:var(--muted); }
    label.check { flex-direction:row; align-items:center; gap:.4rem; }
    input, select, button { font: inherit; padding:.4rem .55rem; border:1px solid #cfd4dc; border-radius:6px; background:#fff; color:var(--ink); }
    button, .button { background:var(--accent); color:#fff; border:1px solid var(--accent); cursor:pointer; padding:.45rem .9rem; border-radius:6px; display:inline-block; }
    .button.review { background:var(--warn); border-color:var(--warn); } .button.secondary { background:#fff; color:var(--accent); }
    .button:hover { text-decoration:none; filter:brightness(1.05); }
    .actions { display:flex; gap:.6rem; align-items:center; margin:.8rem 0; flex-wrap:wrap; }
    .filters { display:flex; gap:.8rem; align-items:end; margin:1rem 0; flex-wrap:wrap; }
    .error { background:#fee4e2; color:#b42318; padding:.5rem .8rem; border-radius:6px; }
    .split { display:grid; grid-template-columns: minmax(280px, 1fr) minmax(320px, 1.1fr); gap:1.5rem; align-items:start; }
    .sticky { position:sticky; top:.6rem; display:flex; flex-direction:column; gap:.8rem; max-height:calc(100vh - 1.2rem); }
    .sticky .figure { max-height:45vh; flex:none; }
    .sticky .ocr h2 { margin:0 0 .3rem; }
    .sticky .ocr ol { max-height:28vh; }
    h2 .meta { font-weight:400; font-size:.8rem; }
    @media (max-width: 800px) { .split { grid-template-columns: 1fr; } .sticky { position:static; max-height:none; } nav .search { margin-left:0; } }
    @media (max-width: 600px) { header.top { gap:.4rem 1rem; padding:.5rem .8rem; } nav { gap:.8rem; } nav .search { display:none; }
      main { padding:.8rem; } .logout button { padding:.2rem .6rem; } }
    .figure { position:relative; margin:0; background:#fff; border:1px solid var(--line); border-radius:8px; padding:.5rem; overflow:auto; max-height:85vh; }
    .figure img { display:block; width:100%; height:auto; cursor:zoom-in; }
    .figure img.zoomed { width:220%; max-width:none; cursor:zoom-out; }
    .figure figcaption { color:var(--muted); font-size:.8rem; margin-top:.3rem; }
    .boxes { position:absolute; left:.5rem; top:.5rem; pointer-events:none; }
    .boxes div { position:absolute; border:2px solid #e8590c; background:rgba(255, 200, 0, .25); border-radius:2px; }
    table.fields { border-collapse:collapse; width:100%; background:#fff; border:1px solid var(--line); border-radius:8px; }
    table.fields th, table.fields td { padding:.35rem .7rem; border-bottom:1px solid var(--line); text-align:left; }
    table.fields th { width:7rem; color:var(--muted); font-weight:500; }
    table.fields tr.uncertain td { background:var(--warnbg); }
    .conf { color:var(--muted); font-size:.8rem; text-align:right; }
    .ocr ol { font: 13px/1.5 ui-monospace, "DejaVu Sans Mono", monospace; background:#fff; border:1px solid var(--line); border-radius:8px; padding:.5rem .5rem .5rem 3rem; max-height:40vh; overflow:auto; white-space:pre-wrap; margin:0; }
    .ocr ol { position:relative; } .ocr li { cursor:pointer; }
    .ocr li.mark { background:var(--mark); outline:1px solid #f5c400; }
    fieldset.field { border:1px solid var(--line); border-radius:8px; background:#fff; margin:0 0 .8rem; padding:.5rem .9rem .7rem; }
    fieldset.field.focused { border-color:var(--accent); box-shadow:0 0 0 3px rgba(47,111,237,.15); }
    fieldset legend { font-weight:600; text-transform:capitalize; padding:0 .3rem; }
    .current { margin:.1rem 0 .4rem; color:var(--muted); }
    ol.candidates { list-style:none; margin:0; padding:0; }
    ol.candidates li label, label.typed, label.keep { flex-direction:row; align-items:center; gap:.5rem; color:var(--ink); font-size:.95rem; padding:.25rem .3rem; border-radius:6px; cursor:pointer; }
    ol.candidates li label:hover { background:#f2f5ff; }
    ol.candidates li.active label { background:#e8efff; }
    .rank { display:inline-block; min-width:1.4rem; text-align:center; font-size:.75rem; border:1px solid var(--line); border-radius:4px; color:var(--muted); }
    .value { font-weight:600; } .score { color:var(--muted); font-size:.8rem; }
    .from { color:var(--muted); font: 12px ui-monospace, monospace; overflow:hidden; text-overflow:ellipsis; white-space:nowrap; max-width:16rem; }
    label.typed input[type=text] { flex:1; }
    .keys { color:var(--muted); font-size:.85rem; } kbd { border:1px solid var(--line); border-bottom-width:2px; border-radius:4px; padding:0 .3rem; font-size:.8rem; background:#fff; }
    .drop { border:2px dashed #cfd4dc; border-radius:8px; padding:1.6rem; text-align:center; color:var(--muted); margin-top:.8rem; }
    .drop.over { border-color:var(--accent); background:#f2f5ff; }
    #upload-form { display:flex; flex-wrap:wrap; gap:.8rem; align-items:end; }
    #upload-form .drop { flex-basis:100%; }
    label.button { flex-direction:row; color:#fff; font-size:1rem; } label.button.secondary { color:var(--accent); }
    label.button input[type=file] { display:none; }
    #queue td.state-queued { color:var(--muted); } #queue td.state-sending { color:var(--accent); }
    #queue td.state-filed { color:var(--ok); } #queue td.state-needs_review { color:var(--warn); } #queue td.state-failed { color:#b42318; }
    """
}
