// Case (a)'s lowest floor: a bare node:http server answering every request with the bytes of GET /bench/floor.
//   node scripts/bench/node-floor.mjs <body-file>   (prints { "url": ... } when listening; runs until SIGTERM)
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const file = process.argv[2];
if (!file) {
  console.error('usage: node scripts/bench/node-floor.mjs <body-file>');
  process.exit(2);
}
const body = readFileSync(file);
const server = createServer((req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length });
  res.end(body);
});
server.keepAliveTimeout = 5000;
server.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` }));
});
const stop = () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
