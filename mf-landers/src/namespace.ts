/** The namespace of mf-landers' texts (registered with all seven languages by i18n.ts). */
export const NAMESPACE = 'landers';
