/** The session's answers' schemas, loaded apart from the app's first load (see loadSession). */
export { abilitiesSchema, appSettingsAnswerSchema, profileSchema } from '@sitefleet/contract';
