import { startApiFixture, send } from './tests/support/http-server';
const f = await startApiFixture('sqlite');
const c = await f.signIn();
const cases: [string, string, Record<string,string>, string?][] = [
  ['GET', '/rest/v1/core/user/profile', { cookie: 'zhol_session=%E0%A4%A' }],
  ['GET', '/rest/v1/core/user/profile', { cookie: 'zhol_session=' + 'a'.repeat(8000) }],
  ['GET', '/rest/v1/core/user/profile', { cookie: 'zhol_session=\u00ff\u00fe' }],
  ['GET', '/rest/v1/core/user/profile', { cookie: 'zhol_session="x"; zhol_session=y' }],
  ['POST', '/rest/v1/core/user/favorite/questions', { cookie: c, 'content-type': 'application/json; charset=utf-16' }, '{"id":1}'],
  ['POST', '/rest/v1/core/user/favorite/questions', { cookie: c, 'content-type': 'application/json' }, '\ufeff{"id":1}'],
  ['POST', '/rest/v1/core/user/favorite/questions', { cookie: c, 'content-type': 'application/json' }, '['.repeat(60000)],
  ['POST', '/rest/v1/core/user/favorite/questions', { cookie: c, 'content-type': 'application/json' }, '{"id":1e400}'],
  ['POST', '/rest/v1/core/user/favorite/questions', { cookie: c, 'content-type': 'application/json' }, '{"__proto__":{"id":1}}'],
  ['POST', '/rest/v1/core/user/favorite/questions', { cookie: c, 'content-type': 'application/json', 'content-encoding': 'gzip' }, 'xx'],
  ['POST', '/rest/v1/core/authentication', { 'content-type': 'application/json' }, '{"login":"\\ud800","password":"x"}'],
  ['POST', '/rest/v1/core/authentication', { 'content-type': 'application/json' }, '{"login":"learner","password":"\\u0000"}'],
  ['POST', '/rest/v1/analytics/page-view', { 'content-type': 'application/json' }, '{"path":"/\\u0000"}'],
  ['POST', '/rest/v1/analytics/page-view', { 'content-type': 'application/json' }, '{"path":"/\\ud800"}'],
  ['POST', '/rest/v1/core/user/examinations/start', { cookie: c, 'content-type': 'application/json' }, '{"qualification":1,"prepare":true,"continue":false,"extras":{"themes":[2147483647]}}'],
  ['GET', '/rest/v1/domain/online/locale?code=en', { 'accept-language': '\u00ff' }],
  ['GET', '/rest/v1/core/user/examinations?filter[qualification]=99999999999', { cookie: c }],
  ['GET', '/rest/v1/core/user/examinations?page=999999&limit=100', { cookie: c }],
  ['GET', '/rest/v1/media/%00.svg', {}],
  ['GET', '/rest/v1/media/..%2F..%2Fpackage.json', {}],
];
for (const [m, p, h, b] of cases) {
  try { const r = await send(f.server.base, m, p, { headers: h, ...(b !== undefined ? { body: b } : {}) }); console.log(r.status, m, p.slice(0, 60), r.body.slice(0, 80)); }
  catch (e) { console.log('ERR', m, p, (e as Error).message); }
}
await f.close();
