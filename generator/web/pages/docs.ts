import type { Page } from '../context.js';
import { h, replaceChildren } from '../dom.js';
import { jsonExcerpt, textExcerpt } from '../excerpt.js';
import { inlineMarkdown, markdownBlocks } from '../markdown.js';
import { describeSchema, endpointDocs, exampleAddress, type EndpointDoc, type OpenApiDocument, type OpenApiParameter } from '../openapi-view.js';
import { routes } from '../../render/page-routes.js';
import { errorMessage, note, pageTitle } from './common.js';

const OPENAPI_PATH = 'api/v1/openapi.json';

/** Parameters as a list (name and kind above the description), which fits a phone. */
function parameterList(endpoint: EndpointDoc): HTMLElement | null {
  if (endpoint.parameters.length === 0) return null;
  const routedOnly = endpoint.forms.length > 1;
  return h(
    'dl',
    { class: 'params' },
    ...endpoint.parameters.flatMap((p: OpenApiParameter) => [
      h(
        'dt',
        {},
        h('code', {}, p.name ?? ''),
        ' ',
        h('span', { class: 'muted' }, [p.in === 'query' ? `query string${routedOnly ? ' (path form)' : ''}` : `in the ${p.in ?? 'request'}`, p.required ? 'required' : 'optional', describeSchema(p.schema)].filter((s) => s !== '').join(' · ')),
      ),
      h('dd', {}, ...inlineMarkdown(p.description ?? '')),
    ]),
  );
}

/** The example address on this very site (relative to the page, so sub-paths work). */
const onThisSite = (path: string) => new URL(`.${path}`, document.baseURI).href;

/** A file to save, not to read (the npm package): no excerpt, and curl saves it. */
const isBinary = (endpoint: EndpointDoc) => endpoint.mediaType === 'application/gzip';

function curlLines(endpoint: EndpointDoc): string | null {
  const lines = endpoint.forms.flatMap((form, i) => {
    const address = exampleAddress(form.path, endpoint.parameters, i === 0 && endpoint.forms.length > 1);
    return address === null ? [] : [`curl -s${isBinary(endpoint) ? 'O' : ''} '${onThisSite(address)}'`];
  });
  // The file form first: it works on every host.
  return lines.length === 0 ? null : lines.reverse().join('\n');
}

/** A short excerpt of the real response, fetched from this site once the page shows. */
function example(endpoint: EndpointDoc, doc: OpenApiDocument): HTMLElement | null {
  const form = endpoint.forms.at(-1)!;
  const address = exampleAddress(form.path, endpoint.parameters);
  if (address === null || endpoint.mediaType === null || isBinary(endpoint)) return null;
  const code = h('code', {}, 'Loading the example…');
  const json = endpoint.mediaType.includes('json');
  const fill = (text: string) => {
    code.textContent = text;
  };
  if (address === '/api/v1/openapi.json') fill(jsonExcerpt(doc));
  else
    void fetch(onThisSite(address))
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        fill(json ? jsonExcerpt(await response.json()) : textExcerpt(await response.text()));
      })
      .catch((error: unknown) => fill(`(could not load ${address}: ${errorMessage(error)})`));
  return h('figure', { class: 'example' }, h('figcaption', {}, 'Excerpt of ', h('code', {}, address), ' on this site'), h('pre', { attrs: { tabindex: 0, role: 'region', 'aria-label': `Example response of ${endpoint.summary}` } }, code));
}

/** The first paragraph shows; the rest of a long description folds under "More". */
function leadAndMore(description: string): HTMLElement[] {
  const [lead, ...rest] = markdownBlocks(description);
  if (lead === undefined) return [];
  return rest.length === 0 ? [lead] : [lead, h('details', { class: 'more' }, h('summary', {}, 'More about this endpoint'), ...rest)];
}

/** The answers in one line each: status, description, and the published schema where there is one. */
function responseList(endpoint: EndpointDoc): HTMLElement {
  const base = new URL(OPENAPI_PATH, document.baseURI);
  return h(
    'ul',
    { class: 'responses', attrs: { 'aria-label': 'Answers' } },
    ...endpoint.responses.map(([code, response]) => {
      const ref = Object.values(response.content ?? {})[0]?.schema?.$ref;
      // Only the document's own relative schema references become links.
      const schema = typeof ref === 'string' && ref.startsWith('./') ? h('span', {}, ' (', h('a', { attrs: { href: new URL(ref, base).href } }, 'schema'), ')') : null;
      return h('li', {}, h('strong', {}, code), ' ', ...inlineMarkdown(response.description ?? ''), schema);
    }),
  );
}

function endpointSection(endpoint: EndpointDoc, doc: OpenApiDocument): HTMLElement {
  const id = `ep-${endpoint.anchor}`;
  const curl = curlLines(endpoint);
  const forms = endpoint.forms.filter((f) => f.note !== '');
  return h(
    'section',
    { class: 'operation', attrs: { id, 'aria-labelledby': `${id}-h` } },
    h('h3', { attrs: { id: `${id}-h`, tabindex: -1 } }, endpoint.summary, ' ', h('a', { class: 'permalink', attrs: { href: routes.docs(endpoint.anchor) } }, h('span', { attrs: { 'aria-hidden': 'true' } }, '#'), h('span', { class: 'visually-hidden' }, `Link to ${endpoint.summary}`))),
    // Text on the left, code on the right on a wide screen; one after the other on a phone.
    h(
      'div',
      { class: 'op-body' },
      h(
        'div',
        { class: 'op-text' },
        h('p', { class: 'addresses' }, ...endpoint.forms.flatMap((f, i) => [i > 0 ? ' · ' : null, h('span', { class: 'method' }, 'GET'), ' ', h('code', {}, f.path)])),
        endpoint.morePaths.length === 0 ? null : h('details', { class: 'addresses' }, h('summary', {}, `${endpoint.morePaths.length} more paths of this endpoint`), h('ul', {}, ...endpoint.morePaths.map((path) => h('li', {}, h('code', {}, path))))),
        ...leadAndMore(endpoint.description),
        forms.length === 0 ? null : h('details', { class: 'forms' }, h('summary', {}, 'Where each form works'), ...forms.map((f) => h('div', {}, h('p', {}, h('code', {}, f.path)), ...markdownBlocks(f.note)))),
        parameterList(endpoint),
        responseList(endpoint),
      ),
      h(
        'div',
        { class: 'op-code' },
        curl === null ? null : h('pre', { class: 'curl', attrs: { tabindex: 0, role: 'region', 'aria-label': `curl example for ${endpoint.summary}` } }, h('code', {}, curl)),
        example(endpoint, doc),
      ),
    ),
  );
}

export const docsPage: Page = async ({ main, params, focusAfterRender }) => {
  const url = new URL(OPENAPI_PATH, document.baseURI);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url.pathname}`);
  const doc = (await response.json()) as OpenApiDocument;
  const endpoints = endpointDocs(doc);
  const tags = [...new Set(endpoints.map((e) => e.tag))];
  const tagText = (tag: string) => doc.tags?.find((t) => t.name === tag)?.description ?? '';
  // Tags are lower-case ids (`api`, `models`): headings read "API", "Models".
  const tagTitle = (tag: string) => (tag.length <= 3 ? tag.toUpperCase() : `${tag.charAt(0).toUpperCase()}${tag.slice(1)}`);
  const contents = h(
    'nav',
    { class: 'toc', attrs: { 'aria-label': 'Endpoints' } },
    ...tags.map((tag) => h('div', {}, h('p', { class: 'toc-tag' }, tagTitle(tag)), h('ul', {}, ...endpoints.filter((e) => e.tag === tag).map((e) => h('li', {}, h('a', { attrs: { href: routes.docs(e.anchor) } }, e.summary)))))),
  );
  replaceChildren(
    main,
    pageTitle(doc.info?.title ?? 'API'),
    ...markdownBlocks(doc.info?.description),
    h('p', {}, 'Machine-readable: ', h('a', { attrs: { href: OPENAPI_PATH } }, 'OpenAPI 3.1 document'), ' · ', h('a', { attrs: { href: 'api/v1/index.json' } }, 'index'), ' · client: ', h('code', {}, "import { cheapest } from '<site>/api/v1/client.js'")),
    endpoints.length === 0 ? note('The OpenAPI document lists no operations.', 'error') : contents,
    ...tags.flatMap((tag) => [h('h2', {}, tagTitle(tag)), tagText(tag) === '' ? null : h('p', { class: 'muted' }, tagText(tag)), ...endpoints.filter((e) => e.tag === tag).map((e) => endpointSection(e, doc))]),
  );
  const section = params[0] === undefined ? null : main.querySelector<HTMLElement>(`#ep-${CSS.escape(params[0])} h3`);
  if (params[0] !== undefined && section === null) main.insertBefore(note(`This page has no section “${params[0]}”.`, 'error'), main.children[1] ?? null);
  if (section !== null) focusAfterRender(section);
};
