import { convert } from 'html-to-text';
import sanitizeHtml from 'sanitize-html';

/*
 * A caller's body_html is someone else's HTML that a customer's mail client will render. It is
 * cut down to an allow-list: text formatting, lists, tables and links (http, https, mailto). Gone
 * are scripts, event handlers, javascript: and data: URLs, frames, forms, meta refresh, <style>,
 * and every image: an <img> (or a CSS url()) fetches from a remote server when the mail is opened,
 * which tracks the reader and leaks their address. Inline style survives only as a few properties
 * whose values are matched whole by the patterns below, so no url(), @import or expression() can.
 */

const COLOUR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i, /^[a-z]{3,20}$/i];
const LENGTH = [/^\d{1,3}(\.\d{1,2})?(px|pt|em|rem|%)$/];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'div', 'span', 'b', 'strong', 'i', 'em', 'u', 's', 'small', 'sub', 'sup', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
    'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'hr', 'a',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
  ],
  allowedAttributes: {
    '*': ['style'],
    a: ['href', 'title'],
    td: ['colspan', 'rowspan', 'align', 'valign'],
    th: ['colspan', 'rowspan', 'align', 'valign'],
    table: ['border', 'cellpadding', 'cellspacing'],
  },
  allowedStyles: {
    '*': {
      color: COLOUR,
      'background-color': COLOUR,
      'text-align': [/^(left|right|center|justify)$/],
      'font-weight': [/^(normal|bold|bolder|lighter|[1-9]00)$/],
      'font-style': [/^(normal|italic)$/],
      'text-decoration': [/^(none|underline|line-through)$/],
      'font-size': LENGTH,
      padding: LENGTH,
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  // Elements whose text is not readable content: dropped with everything inside them.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head', 'iframe', 'object', 'embed', 'svg', 'math', 'template', 'xml'],
  disallowedTagsMode: 'discard',
};

/** body_html as it may leave the building. */
export const sanitizeEmailHtml = (html: string): string => sanitizeHtml(html, OPTIONS);

/** The text/plain part that goes alongside the HTML, for clients that show no HTML. */
export const plainTextOf = (safeHtml: string): string =>
  convert(safeHtml, {
    wordwrap: 78,
    selectors: [{ selector: 'a', options: { hideLinkHrefIfSameAsText: true } }],
  });
