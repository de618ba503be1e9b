/// <reference types="vite/client" />

/** true when built without KAGED_API_URL: `npm start` runs the simulated daemon in the browser. */
declare const __KAGED_SIMULATED__: boolean;
