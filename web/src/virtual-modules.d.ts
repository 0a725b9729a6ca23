/** The design system's global styles, built by web/build/chakra-global-css.ts (a side-effect import). */
declare module 'virtual:chakra-global.css';
