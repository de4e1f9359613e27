// Runs api/web/verify.js (copied next to this file as verify.mjs by the test) under node on a list of
// jobs: {record: path, key: hex or null, receipts: [path, ...]}; prints the results as one JSON array.
import {readFileSync} from 'node:fs';
import {verifyRecord} from './verify.mjs';

const jobs = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const results = [];
for (const job of jobs) {
  const receipts = job.receipts.map((path) => JSON.parse(readFileSync(path, 'utf8')));
  results.push(await verifyRecord(readFileSync(job.record, 'utf8'), {publicKey: job.key, receipts}));
}
process.stdout.write(JSON.stringify(results));
