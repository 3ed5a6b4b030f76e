/*
 * check-web.js -- make check-web: the URL inspector in headless Chromium (Debian's chromium,
 * driven through the DevTools protocol by puppeteer-core), served from a loopback server.
 * For each input of the inputs file it loads the page with the input in its fragment and
 * checks that every value the page shows (the elements with data-k) equals the curi tool's
 * JSON for the same input (CURI=path of the tool), escaped for display as the tool escapes
 * (the oracle below, written from curi_escape_display's documentation in curi.h, not from
 * the page), that no script from the input ran and that nothing was requested outside
 * loopback.  Then: a 10 MB paste is cut with a message, NUL and bidi characters show escaped,
 * a shared fragment restores the input.  Screenshots go to DIR/shots/; the 2 KB-URL timing
 * is printed (a figure, not a gate); the last line is "N passed, N failed".
 * Usage: node web/check-web.js DIR INPUTS   SPDX-License-Identifier: MIT
 */
'use strict';
const fs = require('fs');
const http = require('http');
const os = require('os');
const path = require('path');
const {spawnSync} = require('child_process');
const puppeteer = require('puppeteer-core');

const [dir, inputsFile] = process.argv.slice(2);
const CURI = process.env.CURI || 'build/curi';
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
let passed = 0, failed = 0;

function result(ok, what, detail) {
    if (ok) {
        passed++;
    } else {
        failed++;
        console.log('FAIL ' + what + (detail ? '\n  ' + detail.split('\n').join('\n  ') : ''));
    }
}

/* ---- the oracle: curi_escape_display, terminal style (curi.h "Escaping for display") ---- */
function hidden(c) {
    return (c >= 0x80 && c <= 0x9f) || c === 0x061c || (c >= 0x200b && c <= 0x200f) ||
        (c >= 0x2028 && c <= 0x202e) || (c >= 0x2060 && c <= 0x2064) ||
        (c >= 0x2066 && c <= 0x2069) || c === 0xfeff || (c >= 0xfdd0 && c <= 0xfdef) ||
        (c & 0xfffe) === 0xfffe;
}
const hx = b => '\\x' + b.toString(16).padStart(2, '0');
/* the length of the well-formed UTF-8 sequence at b[i] and its code point, or [0] */
function utf8At(b, i) {
    const x = b[i];
    const need = x >= 0xc2 && x <= 0xdf ? 1 : x >= 0xe0 && x <= 0xef ? 2 : x >= 0xf0 && x <= 0xf4 ? 3 : -1;
    if (need < 0 || i + need >= b.length)
        return [0];
    let c = x & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
        const y = b[i + k];
        if ((y & 0xc0) !== 0x80)
            return [0];
        c = (c << 6) | (y & 0x3f);
    }
    const min = [0, 0x80, 0x800, 0x10000][need];
    if (c < min || (c >= 0xd800 && c <= 0xdfff) || c > 0x10ffff)
        return [0];
    return [need + 1, c];
}
function escapeBytes(b) {
    let s = '';
    for (let i = 0; i < b.length;) {
        const x = b[i];
        if (x === 0x5c) {
            s += '\\\\';
            i++;
        } else if (x < 0x20 || x === 0x7f) {
            s += hx(x);
            i++;
        } else if (x < 0x80) {
            s += String.fromCharCode(x);
            i++;
        } else {
            const [n, c] = utf8At(b, i);
            if (n === 0) {
                s += hx(x);
                i++;
            } else if (hidden(c)) {
                for (let k = 0; k < n; k++)
                    s += hx(b[i + k]);
                i += n;
            } else {
                s += String.fromCodePoint(c);
                i += n;
            }
        }
    }
    return s;
}
const esc = v => escapeBytes(typeof v === 'string' ? Buffer.from(v, 'utf8') : v);

/* how the page shows a member of a tool JSON object (absent, empty, number, list, text) */
function shownT(obj, key) {
    const v = obj[key];
    if (v === null || v === undefined)
        return '(absent)';
    if (typeof v === 'number' || typeof v === 'boolean')
        return String(v);
    if (typeof v === 'object')
        return esc(JSON.stringify(v));
    if (v === '')
        return '(empty)';
    return obj[key + '_hex'] !== undefined ? escapeBytes(Buffer.from(obj[key + '_hex'], 'hex')) : esc(v);
}
const errorText = o => o.error + ' at byte ' + o.offset + (o.message ? ': ' + o.message : '');

/* ---- the curi tool: one input on standard input, its first JSON line ---- */
function tool(args, input) {
    const r = spawnSync(CURI, args, {input: Buffer.concat([Buffer.from(input, 'utf8'), Buffer.from('\n')])});
    const line = r.stdout.toString('utf8').split('\n')[0];
    return {status: r.status, json: line ? JSON.parse(line) : null};
}

/* What the page must show for input (and base): data-k -> text. */
function expected(input, base) {
    const e = {};
    const p = tool(['parse', '--json'], input).json;
    if (p.error !== undefined) {
        e['parse.error'] = p.error;
        e['parse.offset'] = String(p.offset);
        e['parse.message'] = p.message;
        e['normalize'] = '(not a URI reference)';
    } else {
        for (const c of ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'])
            e['parse.' + c] = shownT(p, c);
        if (p.host_type !== null)
            e['parse.host_type'] = shownT(p, 'host_type');
        e['parse.segments'] = shownT(p, 'segments');
        e['parse.params'] = shownT(p, 'params');
        const out = (o, key) => o.error !== undefined ? errorText(o) : o[key] === '' ? '(empty)' : esc(o[key]);
        e['normalize'] = out(tool(['normalize', '--json'], input).json, 'normalized');
        e['normalize_syntax'] = out(tool(['normalize', '--syntax', '--json'], input).json, 'normalized');
        const ps = tool(['parse', '--scheme', '--json'], input).json;
        if (ps.error !== undefined) {
            e['scheme.error'] = ps.error;
            e['scheme.offset'] = String(ps.offset);
            e['scheme.message'] = ps.message;
        } else if (ps.parts === null) {
            e['scheme.parts'] = '(no parts of its own: a generic RFC 3986 scheme)';
        } else {
            for (const k of Object.keys(ps.parts))
                if (!k.endsWith('_hex'))
                    e['scheme.parts.' + k] = shownT(ps.parts, k);
        }
        if (base !== '') {
            const bp = tool(['parse', '--json'], base).json;
            if (bp.error !== undefined) {
                e['base'] = errorText(bp);
            } else {
                e['resolve'] = out(tool(['resolve', '--json', base], input).json, 'target');
                e['relative'] = p.scheme === null ? '(not a URI: no scheme)'
                    : out(tool(['relative', '--json', base], input).json, 'reference');
            }
        }
    }
    const ck = tool(['check', '--json'], input).json;
    // the page draws the first 200 findings and says how many more there are
    if (ck.findings.length > 200)
        e['check.more'] = (ck.findings.length - 200) + ' more findings, not shown (the first 200 are)';
    ck.findings.slice(0, 200).forEach((f, i) => {
        e['check.' + i + '.severity'] = f.severity;
        e['check.' + i + '.rule'] = f.rule;
        e['check.' + i + '.span'] = f.start + '-' + f.end;
        e['check.' + i + '.message'] = shownT(f, 'message');
    });
    const io = o => o.error !== undefined ? errorText(o) : o.output === '' ? '(empty)' : esc(o.output);
    e['iri.to_uri'] = io(tool(['to-uri', '--no-idn', '--json'], input).json);
    e['iri.to_iri'] = io(tool(['to-iri', '--json'], input).json);
    const ip = tool(['parse', '--iri', '--json'], input).json;
    if (ip.error === undefined && ip.host_type === 'reg-name' && ip.host !== '') {
        e['iri.host'] = shownT(ip, 'host');
        e['iri.host_ascii'] = io(tool(['host', '--to-ascii', '--json'], ip.host).json);
        e['iri.host_unicode'] = io(tool(['host', '--to-unicode', '--json'], ip.host).json);
    }
    /* a base that either standard refuses is a usage error (2) of curi url and curi diff:
     * the page then reads the input without one, as these do */
    let u = base !== '' ? tool(['url', '--json', '--base', base], input) : {status: 2};
    if (u.status === 2)
        u = tool(['url', '--json'], input);
    if (u.json.failure) {
        e['url.error'] = u.json.error + ' at byte ' + u.json.offset;
    } else {
        for (const m of ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname',
            'port', 'pathname', 'search', 'hash'])
            e['url.' + m] = shownT(u.json, m);
    }
    let d = base !== '' ? tool(['diff', '--json', '--base', base], input) : {status: 2};
    if (d.status === 2)
        d = tool(['diff', '--json'], input);
    e['diff.classes'] = d.json.classes.length === 0 ? 'agree' : d.json.classes.join(', ');
    return e;
}

/* ---- the loopback server ---- */
const TYPES = {'.html': 'text/html; charset=utf-8', '.css': 'text/css', '.js': 'text/javascript',
    '.wasm': 'application/wasm'};
const root = path.resolve(dir);
const server = http.createServer((req, res) => {
    let p = decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname);
    if (p === '/')
        p = '/index.html';
    const f = path.join(root, path.normalize(p));
    if (!f.startsWith(root + path.sep) || !fs.existsSync(f) || !fs.statSync(f).isFile()) {
        res.writeHead(404);
        res.end();
        return;
    }
    res.writeHead(200, {'Content-Type': TYPES[path.extname(f)] || 'application/octet-stream'});
    res.end(fs.readFileSync(f));
});

function readInputs(file) {
    return fs.readFileSync(file, 'utf8').split('\n').filter(l => l.startsWith('['))
        .map(l => JSON.parse(l)).map(a => [a[0], a.length > 1 ? a[1] : '']);
}

const hashOf = (u, b) => '#u=' + encodeURIComponent(u) + (b !== '' ? '&b=' + encodeURIComponent(b) : '');

async function shown(page) {
    return page.$$eval('[data-k]', els => els.filter(x => x.closest('[hidden]') === null)
        .map(x => [x.dataset.k, x.textContent]));
}

/* Set the fragment and wait for the page to draw it. */
async function load(page, input, base) {
    const before = await page.evaluate(() => document.body.dataset.renders);
    await page.evaluate(h => { location.hash = h; }, hashOf(input, base));
    await page.waitForFunction(b => document.body.dataset.renders !== b, {timeout: 10000}, before);
}

async function main() {
    await new Promise(r => server.listen(0, '127.0.0.1', r));
    const origin = 'http://127.0.0.1:' + server.address().port + '/';
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'curi-chromium-'));
    const browser = await puppeteer.launch({
        executablePath: CHROMIUM, headless: true,
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
            '--disable-background-networking', '--disable-component-update', '--disable-sync',
            '--user-data-dir=' + profile],
    });
    const shots = path.join(dir, 'shots');
    fs.mkdirSync(shots, {recursive: true});
    try {
        const page = await browser.newPage();
        await page.setViewport({width: 1100, height: 1400});
        const outside = [];
        const dialogs = [];
        await page.setRequestInterception(true);
        page.on('request', r => {
            if (r.url().startsWith(origin)) {
                r.continue();
            } else {
                outside.push(r.url());
                r.abort();
            }
        });
        page.on('dialog', d => { dialogs.push(d.message()); d.dismiss(); });
        await page.goto(origin, {waitUntil: 'load'});
        await page.waitForFunction(() => document.body.dataset.ready === '1', {timeout: 20000});

        const inputs = readInputs(inputsFile);
        let n = 0;
        for (const [input, base] of inputs) {
            n++;
            const name = JSON.stringify(input) + (base !== '' ? ' against ' + JSON.stringify(base) : '');
            await load(page, input, base);
            const got = new Map(await shown(page));
            const want = expected(input, base);
            /* the browser's own URL, as this browser parses it */
            const bro = await page.evaluate((u, b) => {
                try {
                    const x = b !== '' ? new URL(u, b) : new URL(u);
                    const o = {};
                    for (const m of ['href', 'origin', 'protocol', 'username', 'password', 'host',
                        'hostname', 'port', 'pathname', 'search', 'hash'])
                        o[m] = x[m];
                    return o;
                } catch (e) {
                    return {failure: e.name};
                }
            }, input, base);
            const MEMBERS = ['href', 'origin', 'protocol', 'username', 'password', 'host',
                'hostname', 'port', 'pathname', 'search', 'hash'];
            if (got.has('browser.href')) /* beside curi's members */
                for (const m of MEMBERS)
                    want['browser.' + m] = bro.failure !== undefined ? bro.failure : shownT(bro, m);
            else if (got.has('browser.failure')) /* beside curi's failure */
                want['browser.failure'] = bro.failure !== undefined ? bro.failure : 'parsed: ' + esc(bro.href);
            const diffs = [];
            const iriShown = await page.evaluate(() => !document.getElementById('sec-iri').hidden);
            for (const [k, v] of Object.entries(want)) {
                if (k.startsWith('iri.') && !iriShown)
                    continue;
                if (!got.has(k))
                    diffs.push(k + ': not shown; want ' + JSON.stringify(v));
                else if (got.get(k) !== v)
                    diffs.push(k + ': shows ' + JSON.stringify(got.get(k)) + ', want ' + JSON.stringify(v));
            }
            for (const k of got.keys())
                if (!(k in want))
                    diffs.push(k + ': shown (' + JSON.stringify(got.get(k)) + ') but not in the tool\'s JSON');
            if (/[^\x00-\x7f]/.test(input) && !iriShown)
                diffs.push('the IRI section is hidden for a non-ASCII input');
            result(diffs.length === 0, 'input ' + n + ' ' + name + ': the page shows the tool\'s JSON', diffs.join('\n'));
            const pwned = await page.evaluate(() => ({
                flag: window.__pwned !== undefined,
                scripts: document.scripts.length,
                media: document.querySelectorAll('img,iframe,object,embed,svg,video,audio').length,
            }));
            result(!pwned.flag && dialogs.length === 0 && pwned.scripts === 1 && pwned.media === 0,
                'input ' + n + ': no script or element from the input', JSON.stringify({pwned, dialogs}));
            await page.screenshot({path: path.join(shots, String(n).padStart(2, '0') + '.png')});
        }

        /* NUL, bidi overrides and invalid UTF-8 show escaped */
        await load(page, 'http://example.com/a\u0000b\u202ec?q=%FF', '');
        const diag = await page.evaluate(() => document.getElementById('caret').textContent +
            document.getElementById('diagram').textContent);
        result(diag.includes('\\x00') && !diag.includes('\u0000'), 'NUL shown as \\x00', diag);
        await load(page, 'http://example.com/b?q=\u202ec', '');
        const diag2 = await page.evaluate(() => document.getElementById('caret').textContent);
        result(diag2.includes('\\xe2\\x80\\xae') && !diag2.includes('\u202e'), 'U+202E shown as \\xe2\\x80\\xae', diag2);
        await load(page, 'data:,%FF%C3%28', '');
        const data = await page.evaluate(() => document.querySelector('[data-k="scheme.parts.data"]').textContent);
        result(data === '\\xff\\xc3(', 'invalid UTF-8 of a decoded part shown escaped', data);

        /* a shared fragment restores input and base in a fresh page */
        const page2 = await browser.newPage();
        page2.on('request', r => { if (!r.url().startsWith(origin)) outside.push(r.url()); });
        await page2.goto(origin + hashOf('https://example.com/x?y', 'https://example.com/a/b'), {waitUntil: 'load'});
        await page2.waitForFunction(() => document.body.dataset.ready === '1', {timeout: 20000});
        const vals = await page2.evaluate(() => [document.getElementById('input').value,
            document.getElementById('base').value, document.querySelector('[data-k="relative"]').textContent]);
        result(vals[0] === 'https://example.com/x?y' && vals[1] === 'https://example.com/a/b' && vals[2] === esc(tool(['relative', '--json', vals[1]], vals[0]).json.reference),
            'the fragment restores the input and the base', JSON.stringify(vals));
        await page2.close();

        /* typing updates the page */
        await page.evaluate(() => { const i = document.getElementById('input'); i.value = ''; i.focus(); });
        await page.type('#input', 'http://exa mple');
        await page.waitForFunction(() => document.querySelector('[data-k="parse.error"]').textContent === 'HOST_CHAR' &&
            !document.getElementById('error').hidden, {timeout: 5000}).then(() => result(true, 'typing'),
            e => result(false, 'typing updates the page', String(e)));

        /* 10 MB pasted: cut with a message, in bounded time */
        const t = await page.evaluate(() => {
            const i = document.getElementById('input');
            const big = 'https://example.com/' + 'a'.repeat(10 * 1024 * 1024);
            const t0 = performance.now();
            i.value = big;
            i.dispatchEvent(new Event('input'));
            return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() =>
                r({ms: performance.now() - t0, status: document.getElementById('status').textContent,
                    hash: location.hash.length}))));
        });
        const boxed = await page.evaluate(() => document.getElementById('input').value.length);
        result(boxed === 65536, 'the box keeps the 65,536 bytes inspected', String(boxed));
        result(/it is cut to its first 65,536/.test(t.status) && t.hash < 70000 * 3,
            '10 MB input: cut to 65,536 bytes with a message', JSON.stringify(t));
        console.log('check-web: 10 MB paste handled in ' + t.ms.toFixed(0) + ' ms: ' + t.status);
        await page.screenshot({path: path.join(shots, 'big.png')});

        /* the 2 KB URL: a figure, not a gate */
        const url2k = 'https://user@www.example.com:8443/' + 'segment/'.repeat(200) +
            '?q=' + 'k%20v&'.repeat(60) + '#frag';
        const b = await page.evaluate(u => window.curiInspector.bench(u, 100), url2k.slice(0, 2048));
        console.log('check-web: a ' + b.bytes + '-byte URL: parse + lint + normalize + explain ' +
            b.core.toFixed(2) + ' ms (curi.wasm cw_core); a whole update of the page ' +
            b.whole.toFixed(2) + ' ms (every section drawn), mean of 100 in headless Chromium');

        result(outside.length === 0, 'nothing requested outside loopback', outside.join('\n'));
        /* the README's screenshot */
        await load(page, 'http://paypal.com@xn--pypal-4ve.com:80/login/../verify?next=%E2%80%AEgpj.exe',
            'https://example.com/a/b');
        await page.setViewport({width: 1000, height: 1500});
        await page.screenshot({path: path.join(shots, 'inspector.png'),
            clip: {x: 0, y: 0, width: 1000, height: 1150}});
    } finally {
        await browser.close();
        server.close();
        fs.rmSync(profile, {recursive: true, force: true});
    }
    console.log('check-web: screenshots in ' + shots);
    console.log(passed + ' passed, ' + failed + ' failed');
    process.exitCode = failed > 0 ? 1 : 0;
}

main().catch(e => {
    console.log('check-web: ' + (e && e.stack || e));
    console.log(passed + ' passed, ' + (failed + 1) + ' failed');
    process.exitCode = 1;
});
