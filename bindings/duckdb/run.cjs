// bindings/duckdb/run.cjs -- runs SQL in DuckDB's Node.js client (@duckdb/node-api) with curi's
// extension loaded the way a DuckDB user loads it:
//
//   node bindings/duckdb/run.cjs NODE_PREFIX EXTENSION [--signed-only] [--second] [-t] [--version]
//                                [FILE...]
//
// NODE_PREFIX is the directory npm installed @duckdb/node-api into (npm install --prefix).
// It opens an in-memory database with allow_unsigned_extensions, runs LOAD 'EXTENSION', then
// the SQL statements of each FILE (or standard input).  A statement ends with a line whose
// last non-blank character is ';'; lines starting with "--" are skipped.  Each result row is
// printed as its values joined by '|', NULL as "NULL"; an error as "Error: <message>" (on
// standard output, so that tests can expect it), and the next statement runs.  With -t the
// time each statement took goes to standard error as "time: <ms> ms: <first line>".
// --version prints DuckDB's version.  --signed-only opens the database with DuckDB's default
// (allow_unsigned_extensions false), where the LOAD must fail.  --second opens a second
// database after the first, LOADs the extension there too and runs the statements in it
// (the extension's second LOAD in one process).  Exit status: 0, or 1 when a statement failed, 2 when
// the database could not be opened or the LOAD failed.  SPDX-License-Identifier: MIT
'use strict';
const fs = require('fs');
const path = require('path');
const { createRequire } = require('module');

async function run(con, sql, timing) {
    const t0 = process.hrtime.bigint();
    let failed = 0;
    let out = '';
    try {
        const reader = await con.runAndReadAll(sql);
        for (const row of reader.getRows())
            out += row.map((v) => (v === null ? 'NULL' : String(v))).join('|') + '\n';
    } catch (e) {
        out = 'Error: ' + e.message + '\n';
        failed = 1;
    }
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    process.stdout.write(out);
    if (timing)
        process.stderr.write(`time: ${ms.toFixed(1)} ms: ${sql.split('\n')[0]}\n`);
    return failed;
}

async function runText(con, text, timing) {
    let stmt = '';
    let failed = 0;
    for (const line of text.split(/(?<=\n)/)) {
        const t = line.replace(/^[ \t]+/, '');
        if (t.startsWith('--') || (stmt === '' && t.trim() === ''))
            continue;
        stmt += line;
        if (stmt.replace(/[\s]+$/, '').endsWith(';')) {
            failed |= await run(con, stmt, timing);
            stmt = '';
        }
    }
    if (stmt !== '')
        failed |= await run(con, stmt, timing);
    return failed;
}

async function main(argv) {
    if (argv.length < 2) {
        process.stderr.write('usage: node run.cjs NODE_PREFIX EXTENSION [--signed-only] [--second] [-t] [--version] [FILE...]\n');
        return 2;
    }
    const req = createRequire(path.resolve(argv[0], 'node_modules') + path.sep);
    const { DuckDBInstance } = req('@duckdb/node-api');
    const opts = argv.slice(2);
    const signedOnly = opts.includes('--signed-only');
    const dbs = [];
    let con;
    try {
        for (let i = 0; i < (opts.includes('--second') ? 2 : 1); i++) {
            dbs.push(await DuckDBInstance.create(':memory:',
                signedOnly ? {} : { allow_unsigned_extensions: 'true' }));
            con = await dbs[i].connect();
            await con.run(`LOAD '${argv[1].replace(/'/g, "''")}'`);
        }
    } catch (e) {
        process.stderr.write(`run.cjs: ${e.message}\n`);
        return 2;
    }
    let timing = false;
    let files = 0;
    let failed = 0;
    for (const a of opts) {
        if (a === '--signed-only' || a === '--second') {
            continue;
        } else if (a === '-t') {
            timing = true;
        } else if (a === '--version') {
            const r = await con.runAndReadAll('SELECT version()');
            process.stdout.write(`DuckDB ${r.getRows()[0][0]}\n`);
        } else {
            failed |= await runText(con, fs.readFileSync(a, 'utf8'), timing);
            files++;
        }
    }
    if (files === 0 && !argv.includes('--version'))
        failed |= await runText(con, fs.readFileSync(0, 'utf8'), timing);
    return failed;
}

main(process.argv.slice(2)).then((rc) => { process.exitCode = rc; });
