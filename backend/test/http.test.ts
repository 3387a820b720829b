import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { MSG } from '@consulta/shared';
import type { Test } from 'supertest';
import { api, API, bearer, REQUEST_ID, therapistSession } from './support/api';
import { testEnv } from './support/env';

describe('HTTP conventions', () => {
  it('keeps an idle kept-alive connection open past Node’s 5 s, so a client reusing it gets an answer, not a reset', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const req = http.get(`${testEnv().appUrl}${API}/config`, { agent }, (res) => {
          res.resume().on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
        });
        req.on('error', reject);
      });
    try {
      expect(await get()).toEqual({ status: 200, reused: false });
      await new Promise((resolve) => setTimeout(resolve, 6000));
      expect(await get()).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  }, 20_000);

  it('answers malformed JSON with 400 and a Spanish detail', async () => {
    const res = await api()
      .post(`${API}/auth/login/patient`)
      .set('content-type', 'application/json')
      .send('{"email": "a@b.com",')
      .expect(400);
    expect(res.body).toEqual({ detail: MSG.common.invalidJson, code: 'VALIDATION', request_id: REQUEST_ID });
  });

  it('answers a non-object JSON body with 400', async () => {
    const res = await api().post(`${API}/auth/login/patient`).set('content-type', 'application/json').send('[1,2]').expect(400);
    expect(typeof res.body.detail).toBe('string');
  });

  it('answers unknown API routes with 404 JSON', async () => {
    const res = await api().get(`${API}/no-such-route`).expect(404);
    expect(res.body).toEqual({ detail: MSG.common.notFound, code: 'NOT_FOUND', request_id: REQUEST_ID });
    await api().get('/api/whatever').expect(404).expect('content-type', /json/);
    expect((await api().get(`${API}/tipos-sesion/%ZZ`).expect(400)).body).toEqual({
      detail: MSG.common.badPath,
      code: 'VALIDATION',
      request_id: REQUEST_ID,
    });
  });

  it('refuses text PostgreSQL cannot store and absurd nesting with 400, saving nothing', async () => {
    const therapist = await therapistSession();
    const as = (req: ReturnType<ReturnType<typeof api>['post']>) => req.set(bearer(therapist.token));
    const refused = async (req: ReturnType<ReturnType<typeof api>['post']>, detail: string) =>
      expect((await as(req).expect(400)).body).toEqual({ detail, code: 'VALIDATION', request_id: REQUEST_ID });
    const type = { nombre: 'Pareja 💑', valor: 50, campos: [{ nombre: 'Ánimo 🙂', tipo: 'text' }] };
    // A valid surrogate pair (an emoji) is ordinary text.
    const created = await as(api().post(`${API}/tipos-sesion/`))
      .send(type)
      .expect(201);
    expect(created.body).toMatchObject({ nombre: 'Pareja 💑', campos: [{ nombre: 'Ánimo 🙂' }] });

    await refused(
      api()
        .post(`${API}/tipos-sesion/`)
        .send({ ...type, nombre: 'a\u0000b' }),
      MSG.common.invalidText,
    );
    await refused(
      api()
        .post(`${API}/tipos-sesion/`)
        .send({ ...type, campos: [{ nombre: 'x\ud800', tipo: 'text' }] }),
      MSG.common.invalidText,
    );
    await refused(
      api()
        .put(`${API}/terapeuta/perfil`)
        .send({ estudios: [{ titulo: '\udc00' }] }),
      MSG.common.invalidText,
    );
    await refused(api().put(`${API}/terapeuta/perfil`).send({ biografia: 'nota\u0000' }), MSG.common.invalidText);
    await refused(api().post(`${API}/pacientes/`).send({ email: 'a\u0000b@example.com' }), MSG.common.invalidText);
    await refused(api().get(`${API}/pacientes/?filter=${encodeURIComponent(JSON.stringify({ q: '\u0000' }))}`), MSG.common.invalidText);
    await refused(api().get(`${API}/pacientes/?q=%00`), MSG.common.invalidText);
    const deep = `${'['.repeat(2000)}${']'.repeat(2000)}`;
    await refused(api().post(`${API}/tipos-sesion/`).set('content-type', 'application/json').send(deep), MSG.common.tooDeep);
    await refused(
      api()
        .post(`${API}/tipos-sesion/`)
        .send({ ...type, campos: JSON.parse(deep) }),
      MSG.common.tooDeep,
    );
    expect((await as(api().get(`${API}/tipos-sesion/`)).expect(200)).body).toHaveLength(1);
  });

  it('rejects unknown fields with a Spanish detail', async () => {
    const res = await api().post(`${API}/auth/login/patient`).send({ email: 'ana@example.com', contrasenia: 'x', extra: 1 }).expect(400);
    expect(res.body.detail).toBe(MSG.validation.notAllowed.replace('{campo}', 'extra'));
  });

  it('refuses keys that lead to a prototype like unknown fields, at any depth, in bodies and query strings', async () => {
    const therapist = await therapistSession();
    const notAllowed = (campo: string) =>
      expect.objectContaining({ detail: MSG.validation.notAllowed.replace('{campo}', campo), code: 'VALIDATION', request_id: REQUEST_ID });
    const raw = (path: string, json: string) =>
      api().post(`${API}${path}`).set(bearer(therapist.token)).set('content-type', 'application/json').send(json);
    const type = '"nombre":"Prototipo","valor":50';
    const bodies: [string, string][] = [
      [`{${type},"__proto__":{"a":1}}`, '__proto__'],
      [`{${type},"campos":[{"nombre":"x","tipo":"text","__proto__":{"a":1}}]}`, '__proto__'],
      [`{${type},"campos":[{"nombre":"x","tipo":"text","opciones":{"__proto__":{"a":1}}}]}`, '__proto__'],
      [`{${type},"constructor":{"prototype":{"a":1}}}`, 'constructor'],
      [`{${type},"campos":[{"nombre":"x","tipo":"text","prototype":1}]}`, 'prototype'],
    ];
    for (const [json, campo] of bodies) expect((await raw('/tipos-sesion/', json).expect(400)).body).toEqual(notAllowed(campo));
    expect((await api().get(`${API}/tipos-sesion/`).set(bearer(therapist.token)).expect(200)).body).toEqual([]);
    // A public route, before anything is looked up.
    const login = '{"email":"ana@example.com","contrasenia":"x","__proto__":{"admin":true}}';
    expect((await api().post(`${API}/auth/login/patient`).set('content-type', 'application/json').send(login).expect(400)).body).toEqual(
      notAllowed('__proto__'),
    );
    for (const [query, campo] of [
      ['__proto__[x]=1', '__proto__[x]'],
      ['a[__proto__][b]=1', 'a[__proto__][b]'],
      ['constructor[prototype][x]=1', 'constructor[prototype][x]'],
      ['q=ana&__proto__.x=1', '__proto__.x'],
    ]) {
      expect((await api().get(`${API}/pacientes/?${query}`).set(bearer(therapist.token)).expect(400)).body).toEqual(notAllowed(campo));
    }
    // As texts those names are ordinary (custom field names already refuse them as keys of campos_datos).
    await api().post(`${API}/tipos-sesion/`).set(bearer(therapist.token)).send({ nombre: 'constructor', valor: 1 }).expect(201);
  });

  it('refuses a body of 100,000 keys at once, with a short answer', async () => {
    // The review's request: just under 1 MB of unknown keys to a public route took 9-16 s and answered 7.5 MB.
    const flood = JSON.stringify(Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [i.toString(36), 0])));
    const started = Date.now();
    const res = await api().post(`${API}/auth/reset-password`).set('content-type', 'application/json').send(flood).expect(400);
    const elapsed = Date.now() - started;
    expect(res.body).toEqual({ detail: MSG.common.tooManyFields, code: 'VALIDATION', request_id: REQUEST_ID });
    expect(elapsed).toBeLessThan(2000); // ~60 ms here, seconds before; bench/flood.mjs measures it under load
  });

  it('bounds the keys of each object and the values of the whole input', async () => {
    const therapist = await therapistSession();
    const keys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));
    const refused = async (req: Test) =>
      expect((await req.set(bearer(therapist.token)).expect(400)).body).toEqual({
        detail: MSG.common.tooManyFields,
        code: 'VALIDATION',
        request_id: REQUEST_ID,
      });
    // 201 keys in one object, however deep; 200 pass the bound (and are refused for what they are).
    await refused(
      api()
        .put(`${API}/terapeuta/perfil`)
        .send({ estudios: [keys(201)] }),
    );
    expect(
      (
        await api()
          .put(`${API}/terapeuta/perfil`)
          .set(bearer(therapist.token))
          .send({ estudios: [keys(200)] })
          .expect(400)
      ).body.detail,
    ).not.toBe(MSG.common.tooManyFields);
    // More than 100,000 keys and items in all, in small pieces.
    await refused(
      api()
        .put(`${API}/terapeuta/perfil`)
        .send({ estudios: Array.from({ length: 20_001 }, () => keys(4)) }),
    );
    await refused(
      api()
        .put(`${API}/terapeuta/perfil`)
        .send({ estudios: new Array(100_001).fill(0) }),
    );
    // The query string as well (parsed by Express, checked after).
    const query = Array.from({ length: 201 }, (_, i) => `k${i}=1`).join('&');
    await refused(api().get(`${API}/pacientes/?${query}`));
  });

  it('refuses the first unknown field alone, however many there are', async () => {
    const unknown = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`campo${i}`, 'x']));
    const res = await api()
      .post(`${API}/auth/login/patient`)
      .send({ email: 'ana@example.com', contrasenia: 'x', ...unknown })
      .expect(400);
    const detail = MSG.validation.notAllowed.replace('{campo}', 'campo0');
    expect(res.body).toEqual({ detail, code: 'VALIDATION', errors: [detail], campos: { campo0: detail }, request_id: REQUEST_ID });
  });

  it('keeps every error answer small, whatever the request quoted', async () => {
    const therapist = await therapistSession();
    const tipo = 'x'.repeat(300_000);
    const res = await api()
      .post(`${API}/tipos-sesion/`)
      .set(bearer(therapist.token))
      .send({ nombre: 'Grande', valor: 10, campos: [{ nombre: 'Campo', tipo }] })
      .expect(400);
    expect(res.body.detail.startsWith(`${MSG.sessionTypes.fieldType}: xxx`)).toBe(true);
    expect(res.body.detail).toHaveLength(1000);
    expect(res.body.detail.endsWith('…')).toBe(true);
    expect(res.text.length).toBeLessThan(3000);
  });

  it('answers every API call with Cache-Control: no-store', async () => {
    const therapist = await therapistSession();
    const noStore = (res: { headers: Record<string, string> }) => expect(res.headers['cache-control']).toBe('no-store');
    noStore(await api().get(`${API}/config`).expect(200));
    noStore(await api().get(`${API}/pacientes/`).set(bearer(therapist.token)).expect(200));
    noStore(await api().get(`${API}/no-such-route`).expect(404));
    noStore(await api().post(`${API}/auth/login/patient`).set('content-type', 'application/json').send('{').expect(400));
    noStore(await api().get(`${API}/auth/me`).expect(401));
  });

  it('serves the built frontend with a history fallback', async () => {
    const page = await api().get('/dashboard/terapeuta/pacientes').expect(200).expect('content-type', /html/);
    expect(page.text).toContain('<div id="root">');
    await api().get('/').expect(200).expect('content-type', /html/);
    const asset = await api().get('/assets/app-1234.js').expect(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.text).toContain('console.log');
  });

  it('sends security headers that admit Google sign-in, and exposes Content-Range through CORS', async () => {
    const res = await api().get(`${API}/config`).set('origin', 'http://localhost:5173').expect(200);
    expect(res.headers['content-security-policy']).toContain('https://accounts.google.com');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(res.headers['access-control-expose-headers']).toContain('Content-Range');
  });

  it('GET /config tells the client about Google, the demo sign-in and the AI provider', async () => {
    const res = await api().get(`${API}/config`).expect(200);
    expect(res.body).toEqual({
      google_client_id: 'test-client-id.apps.googleusercontent.com',
      demo_login: false,
      ia_configurada: false,
      ia_seudonimizada: true,
      moneda: 'EUR',
      pais: 'ES',
    });
  });
});

describe('OpenAPI document', () => {
  it('lists the routes with bearer security, roles and schemas', async () => {
    const res = await api().get('/api/docs-json').expect(200);
    const doc = res.body;
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const list = doc.paths[`${API}/pacientes`].get;
    expect(list.security).toEqual([{ bearer: [] }]);
    expect(list['x-roles']).toEqual(['terapeuta']);
    expect(list.description).toContain('terapeuta');
    expect(list.responses['200'].content['application/json'].schema.items.$ref).toBe('#/components/schemas/PatientItemDto');
    expect(list.responses['403']).toBeDefined();
    expect(list.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['filter', 'range', 'sort']);
    const create = doc.paths[`${API}/pacientes`].post;
    expect(create.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/CreatePatientDto');
    expect(Object.keys(doc.components.schemas.CreatePatientDto.properties)).toEqual(
      expect.arrayContaining(['email', 'telefono_paciente', 'nombre', 'apellido', 'edad', 'ha_hecho_terapia']),
    );
    const login = doc.paths[`${API}/auth/login/patient`].post;
    expect(login.security).toEqual([]);
    expect(login.responses['429']).toBeDefined();
    expect(login.responses['200'].content['application/json'].schema.$ref).toBe('#/components/schemas/LoginResponseDto');
    for (const [path, methods] of Object.entries<Record<string, { responses: Record<string, unknown> }>>(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const ok = Object.keys(op.responses).find((code) => code.startsWith('2')) ?? 'none';
        // JSON, or what a route serves instead (the calendar feed's text/calendar).
        const content = (op.responses[ok] as { content?: Record<string, { schema?: unknown }> } | undefined)?.content;
        const schema = (content?.['application/json'] ?? content?.['text/calendar'])?.schema;
        expect([path, method, ok, schema]).toEqual([path, method, expect.stringMatching(/^2/), expect.any(Object)]);
      }
    }
    await api().get('/api/docs').expect(200).expect('content-type', /html/);
  });

  it('passes redocly lint with the recommended rules (backend/redocly.yaml)', async () => {
    const doc = (await api().get('/api/docs-json').expect(200)).text;
    const backend = path.resolve(__dirname, '..');
    writeFileSync(path.join(backend, 'dist/openapi.json'), doc);
    const cli = path.resolve(backend, '../node_modules/@redocly/cli/bin/cli.js');
    const lint = spawnSync(process.execPath, [cli, 'lint', '--config', 'redocly.yaml', 'dist/openapi.json', '--format', 'json'], {
      cwd: backend,
      encoding: 'utf8',
      timeout: 60_000,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    const report = JSON.parse(lint.stdout) as {
      totals: Record<string, number>;
      problems: { ruleId: string; location: { pointer: string }[] }[];
    };
    expect(report.problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(lint.status).toBe(0);
  });

  it('is reachable without a token while the API needs one', async () => {
    const therapist = await therapistSession();
    await api().get(`${API}/pacientes/`).expect(401);
    await api().get(`${API}/pacientes/`).set(bearer(therapist.token)).expect(200);
  });
});
