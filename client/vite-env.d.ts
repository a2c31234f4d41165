// The types of the service worker registration module (virtual:pwa-register/react).
/// <reference types="vite-plugin-pwa/react" />
