import { describe, expect, it } from 'vitest';
import { plainTextOf, sanitizeEmailHtml } from './email-html';

describe('sanitizeEmailHtml', () => {
  it.each([
    ['script, with its content', '<p>Hi<script>alert(1)</script></p>', '<p>Hi</p>'],
    ['event handlers', '<p onclick="a()" onmouseover="b()">x</p>', '<p>x</p>'],
    ['images, whatever their source', '<img src="https://t.example/p.png" onerror="alert(1)"><img src="data:image/png;base64,AAAA">x', 'x'],
    ['javascript: links, in any case', '<a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a>', '<a>a</a><a>b</a>'],
    ['data: and protocol-relative links', '<a href="data:text/html,x">a</a><a href="//t.example/">b</a>', '<a>a</a><a>b</a>'],
    ['frames, with their fallback', '<iframe src="https://t.example/">fallback</iframe>ok', 'ok'],
    ['meta refresh', '<meta http-equiv="refresh" content="0;url=https://t.example/">ok', 'ok'],
    ['style elements and CSS imports', '<style>@import url(https://t.example/x.css); p{color:red}</style>ok', 'ok'],
    ['url() in inline style', '<p style="color:#c00;background-image:url(https://t.example/x.png)">x</p>', '<p style="color:#c00">x</p>'],
    ['expression() in inline style', '<p style="width:expression(alert(1));color:expression(alert(1))">x</p>', '<p>x</p>'],
    ['links to stylesheets', '<link rel="stylesheet" href="https://t.example/x.css">ok', 'ok'],
    ['the background attribute', '<table background="https://t.example/x.png"><tr><td>c</td></tr></table>', '<table><tr><td>c</td></tr></table>'],
    ['svg, forms, objects and embeds', '<svg><image href="https://t.example/s.png"/></svg><form action="https://t.example/"><input></form><object data="x"></object><embed src="x">ok', 'ok'],
    ['a whole document around the body', '<html><head><title>T</title><base href="https://t.example/"></head><body><p>b</p></body></html>', '<p>b</p>'],
    ['comments (Outlook conditionals too)', '<!--[if mso]><img src="https://t.example/p.png"><![endif]--><p>b</p>', '<p>b</p>'],
  ])('drops %s', (_what, input, output) => {
    expect(sanitizeEmailHtml(input)).toBe(output);
  });

  it('keeps formatting, lists, tables and plain links', () => {
    const html = '<h2>Order</h2><p style="text-align:center;font-weight:bold;color:rgb(10, 20, 30)">Hello <strong>Asha</strong> <em>and</em> <u>team</u></p>'
      + '<ul><li>one</li></ul><table border="1"><tr><th colspan="2">Head</th></tr><tr><td align="right">1</td></tr></table>'
      + '<a href="https://portal.example/inv" title="Portal">portal</a> <a href="mailto:accounts@acme.example">mail us</a><br /><hr />';
    expect(sanitizeEmailHtml(html)).toBe(html);
  });

  it('escapes text that looks like markup once it is text', () => {
    expect(sanitizeEmailHtml('<p>1 < 2 & 3 > 2</p>')).toBe('<p>1 &lt; 2 &amp; 3 &gt; 2</p>');
  });
});

describe('plainTextOf', () => {
  it('reads the HTML as text: paragraphs, list items, a link with its address, entities decoded', () => {
    const text = plainTextOf('<p>Dear <b>Asha</b> &amp; team,</p><ul><li>one</li><li>two</li></ul><p>See <a href="https://portal.example/">the portal</a>.</p>');
    expect(text).toBe('Dear Asha & team,\n\n * one\n * two\n\nSee the portal [https://portal.example/].');
  });

  it('wraps long lines at 78 columns', () => {
    const lines = plainTextOf(`<p>${'word '.repeat(40)}</p>`).split('\n');
    expect(lines.length).toBeGreaterThan(1);
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(78);
  });
});
