/** Replaced at build time by webpack's DefinePlugin (see webpack-config.cjs). */
declare const __BUILD_ID__: string;
declare const __MF_NAME__: string;
