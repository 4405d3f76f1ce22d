export type Lang = 'nl' | 'en' | 'de' | 'es' | 'fr' | 'it' | 'pl';
/** code -> every language -> text; `{name}` placeholders are filled from the error's params. */
export type MessageTable = Record<string, Record<Lang, string>>;
