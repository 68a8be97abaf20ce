// The yardstick of CPU per question (scripts/bench/ai-query-profile.mjs): a bare node:http server that does
// what any JSON API must (read the body, parse it, answer JSON of an answer's size) and nothing else. Its
// CPU per request, measured at the same rate in the same run, turns ai-query's into a ratio that holds from
// one host to the next. Run as a child process so that its CPU is its own:
//   node scripts/bench/lib/bare-server.mjs   (prints its port)
import http from 'node:http';

const answer = JSON.stringify({
  response: 'Ginger tea after meals may ease bloating. '.repeat(12),
  isCrisis: false,
  isEmergency: false,
  queriesUsed: 1,
  queriesAllowed: 3,
  isSubscriber: false,
  sources: [{ title: 'Constipation & Anxiety', path: '/conditions/constipation-anxiety' }],
});

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      if (typeof body.query !== 'string') throw new Error('query');
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(answer);
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end('{"message":"bad request"}');
    }
  });
});
server.keepAliveTimeout = 5000;
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
