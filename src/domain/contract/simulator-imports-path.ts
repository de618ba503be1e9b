/** Where the simulator's import endpoints sit, under the API base (kept apart from the validator, so the light probe does not load ajv). */
export const IMPORTS_PATH = '/__mock/imports';
