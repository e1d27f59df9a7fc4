import sanitizeHtml from 'sanitize-html';

const DATA_IMAGE = /^data:image\/(jpeg|png|gif);base64,[A-Za-z0-9+/=\s]+$/;
/** Tags nested deeper than this are dropped (their text is kept); the editor never nests beyond ten. */
const MAX_NESTING = 50;
/** What a refused image becomes (an image without attributes, which no kept image is): removed at the end. */
const DROPPED = '<img />';

/**
 * Rich text as it may be stored and shown: formatting, links (http, https, mailto), tables, and
 * images only as embedded JPEG/PNG/GIF data or files uploaded to this server. Scripts, event
 * handlers, javascript: URLs, iframes, forms and styles beyond colour and alignment are removed.
 */
export function sanitizeRichText(html: string, uploadedImagePrefix: string): string {
  const clean = sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'hr',
      'span',
      'div',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'strike',
      'del',
      'sub',
      'sup',
      'mark',
      'h1',
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'ul',
      'ol',
      'li',
      'blockquote',
      'pre',
      'code',
      'a',
      'img',
      'table',
      'thead',
      'tbody',
      'tfoot',
      'tr',
      'th',
      'td',
      'caption',
      'colgroup',
      'col',
    ],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan'],
      '*': ['style'],
    },
    allowedStyles: {
      '*': {
        color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
        'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
        'text-align': [/^(left|right|center|justify)$/],
      },
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['data', 'http', 'https'] },
    allowProtocolRelative: false,
    // Bounds the work per element: deeper tags are dropped (their text stays).
    nestingLimit: MAX_NESTING,
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, rel: 'noopener noreferrer', ...(attribs.target ? { target: '_blank' } : {}) },
      }),
      // An image from elsewhere loses its attributes as it is read and is removed in one pass at the
      // end. (sanitize-html's exclusiveFilter cut every dropped tag out of the text built so far: a
      // copy of the whole output per image, quadratic: 50 000 foreign images took 23 s. Renaming the
      // tag to a refused one leaves sanitize-html renaming the next closing tag.)
      img: (tagName, attribs) => {
        const src = attribs.src ?? '';
        return { tagName, attribs: DATA_IMAGE.test(src) || src.startsWith(uploadedImagePrefix) ? attribs : {} };
      },
    },
  });
  // Text and attribute values come out escaped, so this can only be a tag.
  return clean.replaceAll(DROPPED, '');
}
