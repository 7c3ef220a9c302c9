/** GET /api/settings/fetch as the server answers it: the `app.*` settings given, and `sso`. */
export const settingsAnswer = (settings: Record<string, string | null> = {}) => ({
  ...settings,
  sso: { enabled: false, label: 'SSO' },
});
