import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffRoles, type StaffRole } from '~/shared/staff-constants';
import { startAccountsApp, type AccountsApp } from './accounts';
import { databaseUnderTest } from './harness';
import { grantStaffRoles } from './staff-fixtures';

/** One operation of the OpenAPI document that declares who may call it. */
interface StaffOperation {
  method: string;
  path: string;
  roles: StaffRole[];
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { 'x-staff-roles'?: StaffRole[]; tags?: string[] }>>;
}

/** The document names paths from the site's root; requests go below /api/v1. */
const apiPath = (documented: string) => documented.replace(/^\/api\/v1/, '');

/**
 * Every staff operation, found in the OpenAPI document: a route declared with staffRoute is covered
 * here without anything else to write. Path parameters name a row that does not exist (an id such as
 * 1 would be the viewer's own account, which a block would log out mid-walk); a body, if any, is `{}`
 * (the right role may then get a 404 or a 422, never a 401 or a 403).
 */
describe(`every staff endpoint's access on ${databaseUnderTest}`, () => {
  let app: AccountsApp;
  let operations: StaffOperation[];
  let viewerToken: string;
  const tokenOf = new Map<StaffRole, string>();

  beforeAll(async () => {
    app = await startAccountsApp();
    const document = (await (await app.request('/openapi.json')).json()) as OpenApiDocument;
    operations = Object.entries(document.paths).flatMap(([fullPath, methods]) =>
      Object.entries(methods).flatMap(([method, operation]) =>
        operation['x-staff-roles']
          ? [{ method, path: apiPath(fullPath), roles: operation['x-staff-roles'] }]
          : [],
      ),
    );
    viewerToken = (await app.signUp('09127770000')).token;
    for (const [index, role] of staffRoles.entries()) {
      const staff = await app.signUp(`0912777000${index + 1}`);
      await grantStaffRoles(app, staff.me.id, role);
      tokenOf.set(role, staff.token);
    }
  });
  afterAll(() => app.close());

  const call = (operation: StaffOperation, token?: string) => {
    const url = operation.path.replace(/\{[^}]+\}/g, '2147483647');
    const init: RequestInit = { method: operation.method.toUpperCase() };
    if (init.method !== 'GET' && init.method !== 'DELETE') {
      init.body = '{}';
      init.headers = { 'content-type': 'application/json' };
    }
    return token ? app.as(token, url, init) : app.request(url, init);
  };

  it('finds the staff operations, every one tagged staff, and every /staff path among them', async () => {
    expect(operations.length).toBeGreaterThanOrEqual(5);
    const document = (await (await app.request('/openapi.json')).json()) as OpenApiDocument;
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        if (!apiPath(path).startsWith('/staff')) continue;
        expect(operation['x-staff-roles'], `${method} ${path} is declared with staffRoute`).toBeDefined();
        expect(operation.tags).toEqual(['staff']);
      }
    }
  });

  it('tells a login its staff roles in `me` (none for a viewer), so the web can show the console', async () => {
    expect((await (await app.as(viewerToken, '/me')).json()).me.staff_roles).toEqual([]);
    const login = await app.login('09127770005', 'secret-pass-1');
    expect((await login.json()).me.staff_roles).toEqual(['finance']);
  });

  it('refuses a missing token (401), a viewer (403) and a role not allowed (403); lets the right role in', async () => {
    for (const operation of operations) {
      const name = `${operation.method.toUpperCase()} ${operation.path}`;
      expect((await call(operation)).status, `${name} without a token`).toBe(401);
      const asViewer = await call(operation, viewerToken);
      expect(asViewer.status, `${name} as a viewer`).toBe(403);
      expect((await asViewer.json()).message).toBe('اجازه این کار را ندارید');
      const wrong = staffRoles.find((role) => role !== 'admin' && !operation.roles.includes(role));
      if (wrong) expect((await call(operation, tokenOf.get(wrong))).status, `${name} as ${wrong}`).toBe(403);
      for (const role of [...operation.roles, 'admin' as const]) {
        const status = (await call(operation, tokenOf.get(role))).status;
        expect([401, 403], `${name} as ${role} answered ${status}`).not.toContain(status);
      }
    }
  });
});
