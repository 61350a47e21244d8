/** The page's own style and script. Both are hashed into the Content-Security-Policy; nothing else may run. */
export const STYLE = `
:root{--fg:#1d2329;--muted:#5b6570;--line:#d9dee3;--bg:#fff;--pass:#1a7f37;--fail:#cf222e;--warn:#9a6700;--other:#57606a}
*{box-sizing:border-box}body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg);margin:0 auto;max-width:1200px;padding:16px 24px}
h1{font-size:22px;margin:8px 0}h2{font-size:18px;margin:28px 0 6px;border-bottom:1px solid var(--line);padding-bottom:4px}h3{font-size:15px;margin:18px 0 6px}
.muted{color:var(--muted);font-size:12px}.spec{margin-top:4px}code{font:12px ui-monospace,SFMono-Regular,Menlo,monospace;overflow-wrap:anywhere}
pre{background:#f6f8fa;border:1px solid var(--line);padding:6px;font:12px ui-monospace,Menlo,monospace;white-space:pre-wrap;overflow-wrap:anywhere;max-height:320px;overflow:auto}
table{border-collapse:collapse;width:100%;margin:6px 0}th,td{border-bottom:1px solid var(--line);padding:5px 6px;text-align:left;vertical-align:top}
.badge{display:inline-block;border-radius:10px;padding:1px 8px;font-size:12px;color:#fff;background:var(--other);white-space:nowrap}
.badge.st-pass{background:var(--pass)}.badge.st-fail,.badge.sev-error{background:var(--fail)}.badge.st-warn,.badge.sev-warning{background:var(--warn)}
.tiles{display:flex;gap:10px;flex-wrap:wrap;margin:10px 0}.tile{border:1px solid var(--line);border-radius:8px;padding:8px 14px;min-width:110px}
.tile b{display:block;font-size:22px}.tile.fail b{color:var(--fail)}.tile.pass b{color:var(--pass)}.tile.warn b{color:var(--warn)}
details.area{border:1px solid var(--line);border-radius:6px;margin:6px 0;padding:4px 8px}details>summary{cursor:pointer;font-weight:600}
.alert{border-left:4px solid var(--fail);padding:6px 10px;background:#fff5f5}
.matrix td.cell{min-width:110px}.v-pass{background:#eaf6ec}.v-fail{background:#fdecec}.v-inconclusive{background:#fff8e1}.v-flaky{background:#fff8e1}
.verdict{font-size:11px;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}
figure{margin:12px 0}figcaption{font-weight:600;margin-bottom:4px}svg .axis{font:11px system-ui,sans-serif;fill:#444}svg .grid{stroke:#e5e5e5}
.controls{margin:8px 0}.controls button{font:inherit;padding:3px 10px;margin-right:6px;border:1px solid var(--line);border-radius:6px;background:#f6f8fa;cursor:pointer}
body.failures-only tr.check[data-status="pass"],body.failures-only tr.check[data-status="skip"]{display:none}
.badge.risk-R4,.badge.risk-R3{background:var(--fail)}.badge.risk-R2{background:var(--warn)}.badge.risk-R0,.badge.risk-R1{background:var(--pass)}
`;

export const SCRIPT = `
document.getElementById('only-failures').addEventListener('click',function(){document.body.classList.toggle('failures-only')});
document.getElementById('expand-all').addEventListener('click',function(){var d=document.querySelectorAll('details');var open=!Array.prototype.every.call(d,function(x){return x.open});d.forEach(function(x){x.open=open})});
`;
