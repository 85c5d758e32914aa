// The interactive API reference at /api/docs: reads /openapi.json, lists every operation by tag, and lets a reader
// send a request from the page (same origin, so the Content-Security-Policy's connect-src 'self' allows it).
(function () {
  'use strict';
  // A browser script, type-checked with the server's project, which has no DOM types: the page's objects are `any`.
  const document = /** @type {any} */ (globalThis).document;
  /** @type {(tag: string, attrs?: Record<string, any>, ...children: any[]) => any} */
  const el = (tag, attrs, ...children) => {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === 'class') node.className = v;
      else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v);
    }
    for (const child of children) if (child !== undefined && child !== null) node.append(child);
    return node;
  };
  /** @param {unknown} value */
  const pretty = (value) => JSON.stringify(value, null, 2);

  /** @param {any} op @param {{ param: any, input: any }[]} inputs */
  function parameterTable(op, inputs) {
    if (!op.parameters || !op.parameters.length) return undefined;
    const rows = op.parameters.map((/** @type {any} */ p) => {
      const input = el('input', { class: 'param', placeholder: p.schema && p.schema.enum ? p.schema.enum.join(' | ') : p.schema && p.schema.type ? p.schema.type : '' });
      inputs.push({ param: p, input });
      return el('tr', {}, el('td', {}, el('code', {}, p.name), p.required ? ' *' : ''), el('td', {}, p.in), el('td', {}, p.description || ''), el('td', {}, input));
    });
    return el('table', {}, el('tr', {}, el('th', {}, 'Name'), el('th', {}, 'In'), el('th', {}, 'Description'), el('th', {}, 'Value')), ...rows);
  }

  /**
   * @param {string} path @param {string} method @param {any} op @param {{ param: any, input: any }[]} inputs
   * @param {any} bodyArea @param {any} out
   */
  async function send(path, method, op, inputs, bodyArea, out) {
    let url = path;
    const query = new URLSearchParams();
    /** @type {Record<string, string>} */
    const headers = {};
    for (const { param, input } of inputs) {
      if (!input.value) continue;
      if (param.in === 'path') url = url.replace(`{${param.name}}`, encodeURIComponent(input.value));
      else if (param.in === 'query') query.set(param.name, input.value);
      else if (param.in === 'header') headers[param.name] = input.value;
    }
    if ([...query].length) url += `?${query}`;
    const token = document.getElementById('token').value.trim();
    if (token) headers.authorization = `Bearer ${token}`;
    /** @type {{ method: string, headers: Record<string, string>, body?: string }} */
    const init = { method: method.toUpperCase(), headers };
    if (bodyArea && bodyArea.value.trim()) {
      headers['content-type'] = 'application/json';
      init.body = bodyArea.value;
    }
    out.textContent = `${init.method} ${url} …`;
    try {
      const res = await fetch(url, init);
      const type = res.headers.get('content-type') || '';
      const text = type.includes('event-stream') ? '(an event stream: open it with EventSource)' : await res.text();
      let shown = text;
      if (type.includes('json')) {
        try {
          shown = pretty(JSON.parse(text));
        } catch {
          /* shown as it came */
        }
      }
      const link = res.headers.get('link');
      out.textContent = `${res.status} ${res.statusText}\n${link ? `Link: ${link}\n` : ''}\n${shown}`;
    } catch (err) {
      out.textContent = `The request failed: ${err}`;
    }
  }

  /** @param {string} path @param {string} method @param {any} op */
  function operation(path, method, op) {
    /** @type {{ param: any, input: any }[]} */
    const inputs = [];
    const body = op.requestBody && op.requestBody.content['application/json'];
    const bodyArea = body ? el('textarea', {}) : undefined;
    if (bodyArea && body.example !== undefined) bodyArea.value = pretty(body.example);
    const out = el('pre', {}, '');
    const responses = Object.entries(op.responses || {}).map(([status, r]) => {
      const media = r.content ? Object.keys(r.content)[0] : undefined;
      const schema = media && r.content[media].schema;
      return el(
        'details',
        {},
        el('summary', {}, el('strong', {}, status), ` ${r.description}`, media ? el('span', { class: 'lock' }, ` ${media}`) : undefined),
        schema ? el('pre', {}, pretty(schema)) : undefined,
        r.headers ? el('pre', {}, pretty(r.headers)) : undefined,
      );
    });
    const secured = op.security && op.security.some((/** @type {any} */ s) => s.bearer);
    const optional = secured && op.security.some((/** @type {any} */ s) => !Object.keys(s).length);
    return el(
      'details',
      { id: op.operationId },
      el(
        'summary',
        {},
        el('span', { class: `m ${method}` }, method),
        el('span', { class: 'p' }, path),
        el('span', {}, op.summary || ''),
        secured ? el('span', { class: 'lock' }, optional ? 'sign-in optional' : 'sign-in required') : undefined,
      ),
      el(
        'div',
        { class: 'body' },
        op.description ? el('p', {}, op.description) : undefined,
        parameterTable(op, inputs),
        body ? el('h4', {}, 'Request body (application/json)') : undefined,
        body ? el('pre', {}, pretty(body.schema)) : undefined,
        op.requestBody && op.requestBody.content['multipart/form-data'] ? el('p', {}, 'A multipart/form-data upload: use curl or the app.') : undefined,
        bodyArea,
        el('h4', {}, 'Responses'),
        ...responses,
        el('p', {}, el('button', { type: 'button', onclick: () => send(path, method, op, inputs, bodyArea, out) }, 'Send')),
        out,
      ),
    );
  }

  /** @param {any} doc */
  function render(doc) {
    const intro = document.getElementById('intro');
    intro.replaceChildren(el('pre', { style: 'white-space:pre-wrap' }, doc.info.description || ''));
    const byTag = new Map();
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const tag = (op.tags && op.tags[0]) || 'Other';
        if (!byTag.has(tag)) byTag.set(tag, []);
        byTag.get(tag).push(operation(path, method, op));
      }
    }
    const list = document.getElementById('operations');
    list.replaceChildren(...[...byTag].flatMap(([tag, ops]) => [el('h2', {}, tag), ...ops]));
  }

  fetch('/openapi.json')
    .then((res) => (res.ok ? res.json() : Promise.reject(new Error(`HTTP ${res.status}`))))
    .then(render)
    .catch((err) => {
      document.getElementById('operations').textContent = `Could not load /openapi.json: ${err.message}`;
    });
})();
