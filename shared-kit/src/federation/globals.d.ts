/** Replaced at build time by webpack's DefinePlugin (see webpack-config.cjs). */
declare const __BUILD_ID__: string;
declare const __MF_NAME__: string;

/** react-router itself, under a name the share scope does not claim (federation/react-router.ts). */
declare module '@dating/react-router-full' {
  export * from 'react-router';
}

/** react-i18next itself, likewise (federation/react-i18next.ts). */
declare module '@dating/react-i18next-full' {
  export * from 'react-i18next';
}
