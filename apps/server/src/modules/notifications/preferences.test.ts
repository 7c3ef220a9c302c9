import { describe, expect, it } from 'vitest';
import { serverForFile } from '../../../test/fixtures.ts';
import { setSetting } from '../../../test/harness.ts';

/** GET/PUT /api/profile/notifications: the user's channels, and which of them can send at all. */

const server = await serverForFile();
const admin = await server.admin();

describe('the notification channels set up', () => {
  it('says e-mail and chat cannot send until an SMTP host and a chat webhook are set', async () => {
    const fresh = await admin.get('/api/profile/notifications');
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    expect(fresh.body.channels_set_up).toEqual({ in_app: true, email: false, chat: false });

    await setSetting(admin, 'smtp.host', 'smtp.example.com');
    expect((await admin.get('/api/profile/notifications')).body.channels_set_up).toEqual({
      in_app: true,
      email: true,
      chat: false,
    });

    await setSetting(admin, 'notifications.webhook_url', 'https://chat.example.com/hooks/alerts');
    const saved = await admin.put('/api/profile/notifications', {
      kinds: fresh.body.kinds,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.channels_set_up).toEqual({ in_app: true, email: true, chat: true });
  });

  it('refuses the answer-only field in what is saved', async () => {
    const current = await admin.get('/api/profile/notifications');
    const refused = await admin.put('/api/profile/notifications', current.body);
    expect(refused.status).toBe(422);
  });
});
