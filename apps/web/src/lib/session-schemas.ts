/** The session's answers' schemas, loaded apart from the app's first load (see loadSession). */
export { abilitiesSchema, appSettingsSchema, profileSchema } from '@sitefleet/contract';
