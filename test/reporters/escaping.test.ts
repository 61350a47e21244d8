import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { visible } from '../../src/reporters/index.js';
import { REPORTERS } from '../../src/reporters/all.js';
import { mdCode } from '../../src/reporters/markdown-escape.js';
import { stripIllegalXml, xmlAttr, xmlText } from '../../src/reporters/xml.js';
import { fixtureReport, HOSTILE, HOSTILE_RAW } from './fixture-report.js';
import { xmlProblem } from './xml-check.js';

const report = fixtureReport();
const BIDI_OR_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

describe('hostile server text is made inert', () => {
  it('visible() turns controls and bidi characters into readable escapes', () => {
    assert.equal(visible('a\u001b[31mb\u202Ec\r\nd\te'), 'a\\x1b[31mb\\u202ec\\r\nd\te');
    assert.equal(visible('x\ud800y'), 'x\ufffdy');
    assert.equal(visible('plain text, ünïcode ✓ 😀'), 'plain text, ünïcode ✓ 😀');
  });

  it('console without colour has no escape, bell or bidi character at all', () => {
    for (const verbose of [false, true]) {
      const out = REPORTERS.console.render(report, { verbose });
      assert.doesNotMatch(out, BIDI_OR_CONTROL);
      assert.ok(out.includes('\\x1b[2J'), 'the escape is shown, not dropped');
      assert.ok(out.includes('\\u202etxt.exe'));
    }
  });

  it('console with colour emits only its own SGR colour codes', () => {
    const out = REPORTERS.console.render(report, { color: true, verbose: true });
    const escapes = out.match(/\u001b[^m]*m?/g) ?? [];
    assert.ok(escapes.length > 0, 'colour is on');
    for (const e of escapes) assert.match(e, /^\u001b\[\d+(;\d+)*m$/);
    assert.ok(!out.includes('\u001b[2J') && !out.includes('\u001b]0;') && !out.includes('\u0007'));
    assert.doesNotMatch(out, /[\u202a-\u202e\u2066-\u2069]/);
  });

  it('markdown: no markup from the server outside code blocks, and tables keep their shape', () => {
    // With wire evidence (--verbose), so the code blocks are there too.
    const md = REPORTERS.markdown.render(report, { verbose: true });
    assert.doesNotMatch(md, BIDI_OR_CONTROL);
    const fences = [...md.matchAll(/^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm)];
    assert.ok(fences.length >= 2);
    const prose = md.replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm, '');
    assert.ok(!prose.includes('<script'), 'script tag escaped');
    assert.ok(prose.includes('&lt;script&gt;'));
    const allowedTags = prose.match(/<\/?[a-z]+>/g) ?? [];
    for (const t of allowedTags) assert.ok(['<br>', '<details>', '</details>', '<summary>', '</summary>'].includes(t), `unexpected tag ${t}`);
    // Every row of a table has as many unescaped pipes as its header row.
    let width = 0;
    for (const line of prose.split('\n')) {
      if (!line.startsWith('|')) {
        width = 0;
        continue;
      }
      const pipes = line.replace(/\\\\/g, '').match(/(?<!\\)\|/g)?.length ?? 0;
      if (!width) width = pipes;
      assert.equal(pipes, width, `row breaks the table: ${line.slice(0, 80)}`);
    }
  });

  it('markdown code blocks cannot be closed by the content', () => {
    const block = mdCode('a ``` b\n````\nc');
    assert.ok(block.startsWith('`````\n') && block.endsWith('\n`````'));
  });

  it('junit is well-formed XML with everything escaped', () => {
    for (const verbose of [false, true]) {
      const xml = REPORTERS.junit.render(report, { verbose });
      assert.equal(xmlProblem(xml), undefined);
      for (const raw of HOSTILE_RAW) assert.ok(!xml.includes(raw), `raw ${JSON.stringify(raw)} in junit`);
      assert.ok(!xml.includes(']]>'));
    }
  });

  it('the XML checker itself catches broken XML', () => {
    assert.match(xmlProblem('<a><b></a>') ?? '', /mismatched/);
    assert.match(xmlProblem('<a x="1">]]></a>') ?? '', /\]\]>/);
    assert.match(xmlProblem('<a>&nbsp;</a>') ?? '', /bad reference/);
    assert.match(xmlProblem('<a>\u0001</a>') ?? '', /illegal/);
    assert.equal(xmlProblem('<a x="&lt;"><b/>t&amp;</a>'), undefined);
  });

  it('xml helpers strip illegal characters and escape the rest', () => {
    assert.equal(stripIllegalXml('a\u0000b\u001bc\ufffed\ud800e😀'), 'abcde😀');
    assert.equal(xmlText(']]> <a> & b'), ']]&gt; &lt;a&gt; &amp; b');
    assert.equal(xmlAttr('say "hi"\n\'x\''), 'say &quot;hi&quot;&#10;&apos;x&apos;');
  });

  it('json keeps the data but escapes bidi and invisible characters', () => {
    const text = REPORTERS.json.render(report);
    assert.doesNotMatch(text, /[\u0000-\u0009\u000b-\u001f\u202a-\u202e]/);
    assert.ok(text.includes('\\u202e'));
    assert.ok(JSON.stringify(JSON.parse(text)).includes(HOSTILE.slice(0, 20)));
  });
});

describe('markdown stays concise', () => {
  it('fits a pull-request comment whatever the report holds, and points to the JSON for evidence', () => {
    const big = fixtureReport();
    const t = big.targets[0]!;
    // A server with hundreds of tools and long messages: every table is capped, every cell cut.
    t.sections = [
      {
        id: 'contracts',
        title: 'Tool contracts',
        findings: Array.from({ length: 800 }, (_, i) => ({
          ruleId: 'lint/param-description-missing',
          severity: i % 2 ? 'warning' : 'info',
          subject: `tool_${i}`,
          message: 'x'.repeat(2000),
        })),
      },
    ];
    t.results = Array.from({ length: 300 }, (_, i) => ({
      ...t.results[0]!,
      checkId: `area/check-${i}`,
      status: 'fail',
      message: 'y'.repeat(5000),
      evidence: [1],
    }));
    const md = REPORTERS.markdown.render(big);
    assert.ok(md.length < 60_000, `${md.length} characters`);
    assert.match(md, /see the JSON report/);
    assert.doesNotMatch(md, /### Wire evidence/);
    assert.match(REPORTERS.markdown.render(big, { verbose: true }), /### Wire evidence|cut to stay under/);
  });
});
