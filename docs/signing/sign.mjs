// Signs and sends one /v1 request with Node's standard library (Node 20+). Usage: BASE=http://127.0.0.1:4010 node sign.mjs
import { createHash, createHmac, randomUUID } from 'node:crypto';

const base = process.env.BASE ?? 'http://127.0.0.1:4010';
const clientId = process.env.CLIENT_ID ?? 'demo-erp';
const secret = process.env.SECRET ?? 'demo-erp-secret';
const [method, pathQuery, body] = ['GET', '/v1/companies?page=1&pageSize=1', ''];
const timestamp = String(Math.floor(Date.now() / 1000));
const nonce = randomUUID().replaceAll('-', '');
const bodySha256 = createHash('sha256').update(body).digest('hex');
const canonical = [method, pathQuery, `x-timestamp:${timestamp}`, `x-nonce:${nonce}`, `body-sha256:${bodySha256}`].join(
  '\n',
);
const signature = createHmac('sha256', secret).update(canonical, 'utf8').digest('base64');
const response = await fetch(base + pathQuery, {
  method,
  headers: { 'X-Client-Id': clientId, 'X-Timestamp': timestamp, 'X-Nonce': nonce, 'X-Signature': signature },
});
console.log(response.status);
