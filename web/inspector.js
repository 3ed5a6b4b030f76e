/*
 * inspector.js -- the curi URL inspector's one script: loads curi.wasm (web/curi_web.c),
 * hands it the input and the base, and draws the JSON document it returns.  Every string
 * that comes from the input goes into the page through textContent (the el() helper), never
 * as HTML, escaped first as the curi tool shows it (cw_escape: curi_escape_display).  The
 * state is the page's fragment: #u=INPUT&b=BASE.  Each value shown carries data-k, its key
 * in the document, which make check-web compares with the curi tool's JSON.
 * SPDX-License-Identifier: MIT
 */
'use strict';

/* The longest input read: a longer paste is cut here (at a character), with a message. */
const MAX_BYTES = 65536;
const COMPONENTS = ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'];
const URL_MEMBERS = ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname',
    'port', 'pathname', 'search', 'hash'];

let wasm = null;
const enc = new TextEncoder();
const dec = new TextDecoder();

/* bytes copied into wasm memory: [pointer, length] (free the pointer with cw_free) */
function put(bytes) {
    const p = wasm.cw_alloc(bytes.length);
    new Uint8Array(wasm.memory.buffer, p, bytes.length).set(bytes);
    return p;
}

/* A result of an exported call f(...args, outlen): its text, freed. */
function take(f, ...args) {
    const o = wasm.cw_alloc(4);
    const r = f(...args, o);
    const n = new Uint32Array(wasm.memory.buffer, o, 1)[0];
    const s = r ? dec.decode(new Uint8Array(wasm.memory.buffer, r, n)) : null;
    wasm.cw_free(r);
    wasm.cw_free(o);
    return s;
}

/* Longer text is shown as its first and last CLIP_KEEP characters around a count of what
 * is left out, as curi explain shortens a wide input: laying out megabytes of text would
 * freeze the page. */
const CLIP_AT = 8192, CLIP_KEEP = 2048;
function clip(s) {
    if (s.length <= CLIP_AT)
        return s;
    return s.slice(0, CLIP_KEEP) + ' [... ' + (s.length - 2 * CLIP_KEEP).toLocaleString('en') +
        ' characters not shown ...] ' + s.slice(s.length - CLIP_KEEP);
}

/* Bytes (a Uint8Array) or a string as the curi tool shows them (escaped for display),
 * clipped when long. */
function show(v) {
    const bytes = typeof v === 'string' ? enc.encode(v) : v;
    const p = put(bytes);
    const s = take(wasm.cw_escape, p, bytes.length);
    wasm.cw_free(p);
    return s === null ? '' : clip(s);
}

function hexBytes(h) {
    const b = new Uint8Array(h.length / 2);
    for (let i = 0; i < b.length; i++)
        b[i] = parseInt(h.substr(2 * i, 2), 16);
    return b;
}

/* The text a value is shown as: (absent), (empty), a number, or the escaped string (its
 * exact bytes from the KEY_hex twin when the JSON string lost some). */
function shown(obj, key) {
    const v = obj[key];
    if (v === null || v === undefined)
        return '(absent)';
    if (typeof v === 'number' || typeof v === 'boolean')
        return String(v);
    if (typeof v === 'object')
        return show(JSON.stringify(v));
    if (v === '')
        return '(empty)';
    return show(obj[key + '_hex'] !== undefined ? hexBytes(obj[key + '_hex']) : v);
}

/* An element with text (never HTML) and attributes. */
function el(tag, attrs, text) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {}))
        e.setAttribute(k, v);
    if (text !== undefined)
        e.textContent = text;
    if (text === '(absent)' || text === '(empty)')
        e.classList.add('absent');
    return e;
}

function clear(e) {
    while (e.firstChild)
        e.removeChild(e.firstChild);
    return e;
}

/* A row: key cell, value cell with data-k. */
function row(tbody, label, k, text, cls) {
    const tr = el('tr');
    const th = el('td', {class: 'k'});
    if (cls)
        th.appendChild(el('span', {class: 'sw ' + cls}));
    th.appendChild(document.createTextNode(label));
    tr.appendChild(th);
    tr.appendChild(el('td', {class: 'v', 'data-k': k}, text));
    tbody.appendChild(tr);
    return tr;
}

/* "NAME at byte N: message" for an error object of the document. */
function errorText(o) {
    return o.error + ' at byte ' + o.offset + (o.message ? ': ' + o.message : '');
}

/* The input drawn with its components coloured, and their names under them. */
function drawDiagram(pre, bytes, spans) {
    clear(pre);
    const line2 = [];
    let at = 0, col = 0;
    const piece = (a, b, cls, name) => {
        const t = show(bytes.subarray(a, b));
        pre.appendChild(cls ? el('span', {class: cls}, t) : document.createTextNode(t));
        if (name !== undefined) {
            const w = [...t].length;
            const label = w === 0 ? '^' : ('^' + name).slice(0, Math.max(w, 1)).padEnd(w, ' ');
            line2.push([col, label, cls]);
        }
        col += [...t].length;
    };
    /* the spans follow each other: scheme, userinfo, host, port, path, query, fragment */
    for (const s of spans) {
        if (s.start > at)
            piece(at, s.start);
        piece(s.start, s.end, 'c-' + s.name, s.name);
        at = s.end;
    }
    if (at < bytes.length)
        piece(at, bytes.length);
    pre.appendChild(document.createTextNode('\n'));
    let c = 0;
    for (const [x, label, cls] of line2) {
        if (x < c)
            continue;
        pre.appendChild(document.createTextNode(' '.repeat(x - c)));
        pre.appendChild(el('span', {class: cls}, label));
        c = x + [...label].length;
    }
}

/* The input with bytes [start, end) marked (a finding's span, an error's caret). */
function drawMarked(pre, bytes, start, end, cls) {
    clear(pre);
    const before = show(bytes.subarray(0, start));
    pre.appendChild(document.createTextNode(before));
    pre.appendChild(el('mark', {class: cls}, show(bytes.subarray(start, end))));
    pre.appendChild(document.createTextNode(show(bytes.subarray(end))));
    if (start === end) {
        pre.appendChild(document.createTextNode('\n' + ' '.repeat([...before].length) + '^'));
    }
}

function drawComponents(doc, bytes) {
    const p = doc.parse;
    const tbody = clear(document.querySelector('#components tbody'));
    const err = document.getElementById('error');
    const diagram = document.getElementById('diagram');
    if (p.error !== undefined) {
        err.hidden = false;
        document.getElementById('error-name').textContent = p.error;
        document.getElementById('error-offset').textContent = String(p.offset);
        document.getElementById('error-message').textContent = p.message;
        const caret = document.getElementById('caret');
        drawMarked(caret, bytes, p.offset, Math.min(p.offset + 1, bytes.length), 'sev-error');
        if (p.offset < bytes.length) {
            const before = show(bytes.subarray(0, p.offset));
            caret.appendChild(document.createTextNode('\n' + ' '.repeat([...before].length) + '^'));
        }
        clear(diagram);
        return;
    }
    err.hidden = true;
    drawDiagram(diagram, bytes, doc.spans);
    for (const c of COMPONENTS) {
        row(tbody, c, 'parse.' + c, shown(p, c), 'c-' + c);
        if (c === 'host' && p.host_type !== null)
            row(tbody, 'host type', 'parse.host_type', shown(p, 'host_type'));
    }
    row(tbody, 'path segments', 'parse.segments', shown(p, 'segments'));
    row(tbody, 'query params', 'parse.params', shown(p, 'params'));
}

function drawRefs(doc) {
    const tbody = clear(document.querySelector('#refs tbody'));
    const out = (o) => o === undefined ? '(absent)' : o.error !== undefined ? errorText(o)
        : o.output === '' ? '(empty)' : show(o.output);
    if (doc.parse.error !== undefined) {
        row(tbody, 'normalize', 'normalize', '(not a URI reference)');
        return;
    }
    row(tbody, 'normalize (syntax)', 'normalize_syntax', out(doc.normalize_syntax));
    row(tbody, 'normalize (syntax and scheme)', 'normalize', out(doc.normalize));
    if (doc.base !== undefined) {
        if (doc.base.error !== undefined) {
            row(tbody, 'base', 'base', errorText(doc.base));
        } else {
            row(tbody, 'resolve against the base', 'resolve', out(doc.resolve));
            row(tbody, 'relative from the base', 'relative',
                doc.relative === undefined ? '(not a URI: no scheme)' : out(doc.relative));
        }
    }
}

function drawParts(doc) {
    const tbody = clear(document.querySelector('#parts tbody'));
    const s = doc.scheme;
    if (s === undefined)
        return;
    if (s.error !== undefined) {
        row(tbody, 'scheme rule broken', 'scheme.error', s.error);
        row(tbody, 'at byte', 'scheme.offset', String(s.offset));
        if (s.message !== undefined)
            row(tbody, 'message', 'scheme.message', s.message);
        return;
    }
    if (s.parts === null) {
        row(tbody, 'parts', 'scheme.parts', '(no parts of its own: a generic RFC 3986 scheme)');
        return;
    }
    for (const k of Object.keys(s.parts)) {
        if (k.endsWith('_hex'))
            continue;
        row(tbody, k, 'scheme.parts.' + k, shown(s.parts, k));
    }
}

let selected = 0;
function drawCheck(doc, bytes) {
    const tbody = clear(document.querySelector('#findings tbody'));
    const pre = document.getElementById('check-diagram');
    const fs = doc.check.findings;
    clear(pre);
    if (fs.length === 0) {
        pre.textContent = 'no findings';
        return;
    }
    if (selected >= fs.length)
        selected = 0;
    fs.forEach((f, i) => {
        const tr = el('tr', {'data-i': String(i)});
        tr.appendChild(el('td', {class: 'sev-' + f.severity, 'data-k': 'check.' + i + '.severity'},
            f.severity));
        tr.appendChild(el('td', {'data-k': 'check.' + i + '.rule'}, f.rule));
        tr.appendChild(el('td', {'data-k': 'check.' + i + '.span'}, f.start + '-' + f.end));
        tr.appendChild(el('td', {class: 'm', 'data-k': 'check.' + i + '.message'},
            shown(f, 'message')));
        const pick = () => {
            selected = i;
            for (const r of tbody.children)
                r.classList.toggle('sel', r === tr);
            drawMarked(pre, bytes, f.start, f.end, 'sev-' + f.severity);
        };
        tr.addEventListener('mouseenter', pick);
        tr.addEventListener('click', pick);
        tbody.appendChild(tr);
    });
    if (doc.check.more !== undefined) {
        const tr = el('tr', {});
        tr.appendChild(el('td', {colspan: '4', 'data-k': 'check.more'},
            doc.check.more + ' more findings, not shown (the first ' + fs.length + ' are)'));
        tbody.appendChild(tr);
    }
    tbody.children[selected].dispatchEvent(new Event('click'));
}

function drawIri(doc) {
    const tbody = clear(document.querySelector('#iri tbody'));
    const i = doc.iri;
    const out = (o) => o.error !== undefined ? errorText(o) : o.output === '' ? '(empty)'
        : show(o.output);
    row(tbody, 'to-uri (RFC 3987 3.1)', 'iri.to_uri', out(i.to_uri));
    row(tbody, 'to-iri (RFC 3987 3.2)', 'iri.to_iri', out(i.to_iri));
    if (i.host !== undefined) {
        row(tbody, 'host', 'iri.host', shown(i, 'host'));
        row(tbody, 'host ToASCII (UTS #46)', 'iri.host_ascii', out(i.host_ascii));
        row(tbody, 'host ToUnicode (UTS #46)', 'iri.host_unicode', out(i.host_unicode));
    }
    /* shown when it matters: a non-ASCII input, an A-label or a percent-encoded byte */
    document.getElementById('sec-iri').hidden =
        !(/[^\x00-\x7f]/.test(doc.input) || /xn--|%[89a-fA-F]/i.test(doc.input));
}

function browserURL(input, base) {
    try {
        return base !== '' ? new URL(input, base) : new URL(input);
    } catch (e) {
        return {failure: e.name};
    }
}

function drawWhatwg(doc, input, base) {
    const tbody = clear(document.querySelector('#whatwg tbody'));
    const u = doc.url;
    const b = browserURL(input, base);
    const diff = document.getElementById('diff');
    diff.textContent = doc.diff.classes.length === 0 ? 'agree' : doc.diff.classes.join(', ');
    diff.className = doc.diff.classes.length === 0 ? '' : 'differ';
    if (u.failure) {
        const tr = el('tr');
        tr.appendChild(el('td', {class: 'k'}, 'failure'));
        tr.appendChild(el('td', {class: 'v', 'data-k': 'url.error'},
            u.error + ' at byte ' + u.offset));
        tr.appendChild(el('td', {class: 'v', 'data-k': 'browser.failure'},
            b.failure !== undefined ? b.failure : 'parsed: ' + show(b.href)));
        tbody.appendChild(tr);
        return;
    }
    for (const m of URL_MEMBERS) {
        const tr = el('tr');
        tr.appendChild(el('td', {class: 'k'}, m));
        tr.appendChild(el('td', {class: 'v', 'data-k': 'url.' + m}, shown(u, m)));
        tr.appendChild(el('td', {class: 'v', 'data-k': 'browser.' + m},
            b.failure !== undefined ? b.failure : shown(b, m)));
        tbody.appendChild(tr);
    }
}

/* The input's UTF-8, cut to MAX_BYTES at a character boundary; the status line says so. */
function readInput(s, what) {
    let bytes = enc.encode(s);
    if (bytes.length <= MAX_BYTES)
        return [bytes, ''];
    let n = MAX_BYTES;
    while (n > 0 && (bytes[n] & 0xc0) === 0x80)
        n--;
    const note = 'The ' + what + ' was ' + bytes.length.toLocaleString('en') +
        ' bytes: it is cut to its first ' + n.toLocaleString('en') + '.';
    return [bytes.subarray(0, n), note];
}

function inspect(bytes, bbytes) {
    const p = put(bytes), q = put(bbytes);
    const text = take(wasm.cw_inspect, p, bytes.length, q, bbytes.length);
    wasm.cw_free(p);
    wasm.cw_free(q);
    return JSON.parse(text);
}

function setHash(input, base) {
    let h = '#u=' + encodeURIComponent(input);
    if (base !== '')
        h += '&b=' + encodeURIComponent(base);
    if (location.hash !== h)
        history.replaceState(null, '', h);
}

function readHash() {
    const r = {u: '', b: ''};
    for (const kv of location.hash.replace(/^#/, '').split('&')) {
        const i = kv.indexOf('=');
        if (i < 0)
            continue;
        const k = kv.slice(0, i);
        let v = kv.slice(i + 1);
        try {
            v = decodeURIComponent(v);
        } catch (e) {
            /* a malformed escape: the text as it stands */
        }
        if (k === 'u' || k === 'b')
            r[k] = v;
    }
    return r;
}

let renders = 0;
function update() {
    const ie = document.getElementById('input'), be = document.getElementById('base');
    const [bytes, note] = readInput(ie.value, 'input');
    const [bbytes, bnote] = readInput(be.value, 'base');
    const input = dec.decode(bytes), base = dec.decode(bbytes);
    /* the boxes keep what is inspected: a text field holding megabytes slows every keystroke */
    if (note !== '')
        ie.value = input;
    if (bnote !== '')
        be.value = base;
    document.getElementById('status').textContent = [note, bnote].filter(x => x).join(' ');
    setHash(input, base);
    const doc = inspect(bytes, bbytes);
    drawComponents(doc, bytes);
    drawRefs(doc);
    drawParts(doc);
    drawCheck(doc, bytes);
    drawIri(doc);
    drawWhatwg(doc, input, base);
    document.body.dataset.renders = String(++renders);
}

/* For make check-web: milliseconds per call, over n calls, of the core (parse, spans, lint,
 * normalize: cw_core) and of one whole update (cw_inspect and drawing the page). */
function bench(s, n) {
    const bytes = enc.encode(s);
    let t0 = performance.now();
    for (let i = 0; i < n; i++) {
        const p = put(bytes);
        JSON.parse(take(wasm.cw_core, p, bytes.length));
        wasm.cw_free(p);
    }
    const core = (performance.now() - t0) / n;
    document.getElementById('input').value = s;
    t0 = performance.now();
    for (let i = 0; i < n; i++)
        update();
    const whole = (performance.now() - t0) / n;
    return {bytes: bytes.length, core, whole};
}

async function start() {
    const resp = await fetch('curi.wasm');
    const {instance} = await WebAssembly.instantiate(await resp.arrayBuffer(), {});
    wasm = instance.exports;
    wasm._initialize();
    const fromHash = () => {
        const h = readHash();
        document.getElementById('input').value = h.u;
        document.getElementById('base').value = h.b;
        update();
    };
    window.addEventListener('hashchange', fromHash);
    let pending = false;
    const later = (ev) => {
        /* an oversized paste is cut at once, before the box lays out megabytes */
        if (ev.target.value.length > MAX_BYTES) {
            update();
            return;
        }
        if (!pending) {
            pending = true;
            requestAnimationFrame(() => { pending = false; update(); });
        }
    };
    document.getElementById('input').addEventListener('input', later);
    document.getElementById('base').addEventListener('input', later);
    if (location.hash === '')
        history.replaceState(null, '', '#u=' +
            encodeURIComponent('https://user@example.com:8080/a/./b/../c?q=1&r=%7E#frag'));
    fromHash();
    window.curiInspector = {bench, update, show, MAX_BYTES};
    document.body.dataset.ready = '1';
}

start().catch(e => {
    document.getElementById('status').textContent = 'curi.wasm did not load: ' + e;
});
