import {
  MESSAGES,
  SAVED_VIEW_MESSAGES,
  SAVED_VIEWS_PER_LIST,
  type SavedView,
} from '@sitefleet/contract';
import { describe, expect, it } from 'vitest';
import { serverForFile } from '../../../test/fixtures.ts';
import type { ApiClient } from '../../../test/harness.ts';

const server = await serverForFile();
const admin = await server.admin();
const viewer = await server.userWithRoles(['viewer'], 'views-viewer@example.com');
const otherViewer = await server.userWithRoles(['viewer'], 'views-other@example.com');

const viewsOf = async (client: ApiClient, list: string) => {
  const response = await client.get<SavedView[]>(`/api/saved-views?list=${list}`);
  expect(response.status).toBe(200);
  return response.body;
};

describe('saved views', () => {
  it('saves a list query without its page, for its owner only until shared', async () => {
    const saved = await viewer.post<SavedView>('/api/saved-views', {
      list: 'posts',
      name: '  Drafts by title ',
      query: '?status=0&page=7&order_key=title&order_dir=asc',
    });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({
      list: 'posts',
      name: 'Drafts by title',
      query: 'order_dir=asc&order_key=title&status=0',
      shared: false,
      owned: true,
      owner_name: expect.any(String),
      is_default: false,
    });
    expect((await viewsOf(viewer, 'posts')).map((view) => view.id)).toContain(saved.body.id);
    expect((await viewsOf(otherViewer, 'posts')).map((view) => view.id)).not.toContain(
      saved.body.id,
    );

    const shared = await viewer.put<SavedView>(`/api/saved-views/${saved.body.id}`, {
      name: 'Drafts by title',
      query: 'status=0&order_key=title&order_dir=asc',
      shared: true,
    });
    expect(shared.status).toBe(200);
    const seenByOther = (await viewsOf(otherViewer, 'posts')).find(
      (view) => view.id === saved.body.id,
    );
    expect(seenByOther).toMatchObject({ shared: true, owned: false });
  });

  it('refuses a name the user already gave a view of that list, and other bad input', async () => {
    const first = await viewer.post('/api/saved-views', {
      list: 'websites',
      name: 'Due',
      query: '',
    });
    expect(first.status).toBe(201);
    const again = await viewer.post('/api/saved-views', {
      list: 'websites',
      name: 'Due',
      query: 'query=x',
    });
    expect(again.status).toBe(422);
    expect(again.body.errors.name).toEqual([SAVED_VIEW_MESSAGES.nameTaken]);
    // Another user, or another list, may use the name.
    expect(
      (await otherViewer.post('/api/saved-views', { list: 'websites', name: 'Due', query: '' }))
        .status,
    ).toBe(201);
    expect(
      (await viewer.post('/api/saved-views', { list: 'instances', name: 'Due', query: '' })).status,
    ).toBe(201);

    const badList = await viewer.post('/api/saved-views', {
      list: 'secrets',
      name: 'x',
      query: '',
    });
    expect(badList.status).toBe(422);
    expect(badList.body.errors.list).toEqual([SAVED_VIEW_MESSAGES.listInvalid]);
    const noName = await viewer.post('/api/saved-views', { list: 'posts', name: ' ', query: '' });
    expect(noName.status).toBe(422);
    expect(noName.body.errors.name).toEqual([SAVED_VIEW_MESSAGES.nameRequired]);
  });

  it('keeps at most the cap of views per list and user', async () => {
    const client = await server.userWithRoles(['viewer'], 'views-many@example.com');
    for (let index = 0; index < SAVED_VIEWS_PER_LIST; index += 1) {
      const created = await client.post('/api/saved-views', {
        list: 'roles',
        name: `View ${index}`,
        query: `query=${index}`,
      });
      expect(created.status).toBe(201);
    }
    const over = await client.post('/api/saved-views', {
      list: 'roles',
      name: 'One more',
      query: '',
    });
    expect(over.status).toBe(422);
    expect(over.body.errors.name).toEqual([SAVED_VIEW_MESSAGES.tooMany]);
  });

  it('lets only the owner change or delete a shared view', async () => {
    const view = (
      await viewer.post<SavedView>('/api/saved-views', {
        list: 'categories',
        name: 'Shared one',
        query: 'status=1',
        shared: true,
      })
    ).body;
    const change = await otherViewer.put(`/api/saved-views/${view.id}`, {
      name: 'Mine now',
      query: '',
      shared: true,
    });
    expect(change.status).toBe(403);
    expect(change.body.message).toBe(SAVED_VIEW_MESSAGES.notOwner);
    expect((await otherViewer.delete(`/api/saved-views/${view.id}`)).status).toBe(403);
    const removed = await viewer.delete(`/api/saved-views/${view.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(SAVED_VIEW_MESSAGES.deleted);
    expect((await viewer.delete(`/api/saved-views/${view.id}`)).status).toBe(404);
  });

  it('a private view is not found by another user, even by its id', async () => {
    const view = (
      await viewer.post<SavedView>('/api/saved-views', {
        list: 'categories',
        name: 'Private one',
        query: '',
      })
    ).body;
    expect((await otherViewer.put(`/api/saved-views/${view.id}/default`)).status).toBe(404);
    expect((await otherViewer.delete(`/api/saved-views/${view.id}`)).status).toBe(404);
  });

  it("marks one view as the user's default for its list, and clears it", async () => {
    const views = await Promise.all(
      ['Default A', 'Default B'].map(
        async (name) =>
          (await viewer.post<SavedView>('/api/saved-views', { list: 'users', name, query: '' }))
            .body,
      ),
    );
    const [first, second] = views as [SavedView, SavedView];
    expect((await viewer.put(`/api/saved-views/${first.id}/default`)).body.message).toBe(
      SAVED_VIEW_MESSAGES.defaultSet,
    );
    await viewer.put(`/api/saved-views/${second.id}/default`);
    const defaults = (await viewsOf(viewer, 'users')).filter((view) => view.is_default);
    expect(defaults.map((view) => view.id)).toEqual([second.id]);

    const cleared = await viewer.delete('/api/saved-views/default?list=users');
    expect(cleared.body.message).toBe(SAVED_VIEW_MESSAGES.defaultCleared);
    expect((await viewsOf(viewer, 'users')).some((view) => view.is_default)).toBe(false);
  });

  it('a shared view chosen as default by another user stops being theirs once unshared', async () => {
    const view = (
      await viewer.post<SavedView>('/api/saved-views', {
        list: 'settings',
        name: 'Team view',
        query: 'query=app',
        shared: true,
      })
    ).body;
    await otherViewer.put(`/api/saved-views/${view.id}/default`);
    expect((await viewsOf(otherViewer, 'settings')).find((v) => v.id === view.id)?.is_default).toBe(
      true,
    );
    await viewer.put(`/api/saved-views/${view.id}`, {
      name: 'Team view',
      query: '',
      shared: false,
    });
    expect((await viewsOf(otherViewer, 'settings')).some((v) => v.id === view.id)).toBe(false);
  });

  it("needs the ability of the view's list", async () => {
    const nobody = await server.userWithRoles([], 'views-nobody@example.com');
    const read = await nobody.get('/api/saved-views?list=posts');
    expect(read.status).toBe(403);
    expect(read.body.message).toBe(MESSAGES.forbidden);
    expect(
      (await nobody.post('/api/saved-views', { list: 'posts', name: 'x', query: '' })).status,
    ).toBe(403);
    expect((await server.client().get('/api/saved-views?list=posts')).status).toBe(401);
    expect((await admin.get('/api/saved-views?list=posts')).status).toBe(200);
  });
});
