// Tables of the sessions capability. (Drizzle pg-core)
export {};
