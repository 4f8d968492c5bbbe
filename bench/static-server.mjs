// The throughput baseline: a bare node:http server answering with fixed bytes from memory.
//   node bench/static-server.mjs <snapshot.json> <port>
// snapshot.json: { "<path>": { "contentType": "...", "body": "<base64>" }, ... }
import fs from 'node:fs';
import http from 'node:http';

const [file, port] = process.argv.slice(2);
const pages = new Map(
  Object.entries(JSON.parse(fs.readFileSync(file, 'utf8'))).map(([pathname, page]) => [
    pathname,
    { body: Buffer.from(page.body, 'base64'), contentType: page.contentType },
  ]),
);

const server = http.createServer((req, res) => {
  // Pages are recorded under their full path, query included (/search?genre=drama).
  const page = pages.get(req.url ?? '/');
  if (!page) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'Content-Type': page.contentType, 'Content-Length': page.body.length });
  res.end(page.body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(port), '127.0.0.1', () => console.log(`static baseline on ${port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
