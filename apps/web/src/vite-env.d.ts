/// <reference types="vite/client" />
declare const __ISF_LOCALE__: 'fr' | 'en';
